import { describe, expect, it } from "vitest";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { parseDispatchResult } from "./dispatch-result-schema.js";

const base: DispatchResult = {
  event: "SessionStart",
  decision: null,
  reason: null,
  continue: true,
  stopReason: null,
  systemMessages: [],
  additionalContext: ["from async"],
  updatedInput: null,
  runs: [
    {
      id: "SessionStart:0:0",
      command: "./format.sh",
      source: "/p/.claude/settings.json",
      path: "hooks.SessionStart[0].hooks[0]",
      status: "async",
      exitCode: null,
      signal: null,
      durationMs: 0,
    },
  ],
  diagnostics: [],
};

describe("parseDispatchResult", () => {
  it("keeps environment and eventOutput from the hook side, and leaves them absent when absent", () => {
    const full = {
      ...base,
      decision: "defer",
      environment: { NODE_ENV: "test" },
      eventOutput: { watchPaths: ["/p/src"] },
    };
    expect(parseDispatchResult(JSON.parse(JSON.stringify(full)))).toEqual({
      ok: true,
      value: full,
    });
    const plain = parseDispatchResult(JSON.parse(JSON.stringify(base)));
    expect(plain).toEqual({ ok: true, value: base });
    expect(plain.ok && "environment" in plain.value).toBe(false);
  });

  it("refuses an environment whose values are not strings", () => {
    const parsed = parseDispatchResult({ ...base, environment: { PORT: 8080 } });
    expect(parsed.ok).toBe(false);
  });
});
