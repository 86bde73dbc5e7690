import { describe, expect, it } from "vitest";
import { serializePayload } from "./serialize-payload.js";

describe("serializePayload", () => {
  it("serializes a payload once, as JSON", () => {
    expect(serializePayload("Stop", { session_id: "s", n: 1 })).toEqual({
      input: '{"session_id":"s","n":1}',
    });
  });

  it.each([
    ["a BigInt", { size: 1n }],
    [
      "a cycle",
      (() => {
        const payload: Record<string, unknown> = {};
        payload.self = payload;
        return payload;
      })(),
    ],
  ])("refuses a payload holding %s with invalid_payload", (_, payload) => {
    const serialized = serializePayload("PreToolUse", payload);
    expect(serialized).toMatchObject({
      refusal: { code: "invalid_payload", severity: "error" },
    });
    expect("refusal" in serialized && serialized.refusal.message).toMatch(
      /^The PreToolUse payload cannot be serialized: TypeError/,
    );
  });
});
