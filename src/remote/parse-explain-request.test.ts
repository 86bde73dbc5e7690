import { describe, expect, it } from "vitest";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { parseExplainRequest } from "./parse-explain-request.js";

describe("parseExplainRequest", () => {
  it("accepts an event of the profile, an object payload and asSubagent", () => {
    expect(
      parseExplainRequest(
        { event: "Stop", payload: { a: 1 }, options: { asSubagent: true } },
        vscodeProfile,
      ),
    ).toEqual({
      ok: true,
      request: { event: "Stop", payload: { a: 1 }, options: { asSubagent: true } },
    });
    expect(parseExplainRequest({ event: "PreToolUse" }, deepagentsProfile)).toEqual({
      ok: true,
      request: { event: "PreToolUse", payload: {}, options: {} },
    });
  });

  it.each([
    { params: undefined, refusal: "expected object" },
    { params: { event: "PreCompact" }, refusal: 'no event "PreCompact"' },
    { params: { event: "constructor" }, refusal: 'no event "constructor"' },
    { params: { event: "Stop", payload: "text" }, refusal: "payload" },
    { params: { event: "Stop", payload: null }, refusal: "payload" },
    { params: { event: "Stop", options: { toolInputSchema: true } }, refusal: "toolInputSchema" },
    { params: { event: "Stop", options: { configFiles: ["/x"] } }, refusal: "configFiles" },
    { params: { event: "Stop", options: { home: "/tmp" } }, refusal: "home" },
    { params: { event: "Stop", options: { asSubagent: 1 } }, refusal: "asSubagent" },
    { params: { event: "Stop", cwd: "/" }, refusal: "cwd" },
  ])("refuses $params", ({ params, refusal }) => {
    const parsed = parseExplainRequest(params, deepagentsProfile);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? "" : parsed.message).toContain(refusal);
  });
});
