import { describe, expect, it } from "vitest";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { parseDispatchRequest } from "./parse-dispatch-request.js";

describe("parseDispatchRequest", () => {
  it("accepts an event of the profile, an object payload and the whitelisted options", () => {
    expect(
      parseDispatchRequest(
        { event: "Stop", payload: { a: 1 }, options: { asSubagent: true, toolInputSchema: true } },
        deepagentsProfile,
      ),
    ).toEqual({
      ok: true,
      request: {
        event: "Stop",
        payload: { a: 1 },
        options: { asSubagent: true, toolInputSchema: true },
      },
    });
    expect(parseDispatchRequest({ event: "PreToolUse" }, deepagentsProfile)).toEqual({
      ok: true,
      request: { event: "PreToolUse", payload: {}, options: {} },
    });
  });

  it.each([
    { params: undefined, refusal: "expected object" },
    { params: { event: "PreCompact" }, refusal: 'no event "PreCompact"' },
    { params: { event: "toString" }, refusal: 'no event "toString"' },
    { params: { event: "Stop", payload: "text" }, refusal: "payload" },
    { params: { event: "Stop", payload: [1] }, refusal: "payload" },
    { params: { event: "Stop", options: { configFiles: ["/x"] } }, refusal: "configFiles" },
    { params: { event: "Stop", options: { env: { PATH: "/x" } } }, refusal: "env" },
    { params: { event: "Stop", options: { bypassHookTrust: true } }, refusal: "bypassHookTrust" },
    { params: { event: "Stop", options: { asSubagent: "yes" } }, refusal: "asSubagent" },
    { params: { event: "Stop", cwd: "/" }, refusal: "cwd" },
  ])("refuses $params", ({ params, refusal }) => {
    const parsed = parseDispatchRequest(params, deepagentsProfile);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.message).toContain(refusal);
  });
});
