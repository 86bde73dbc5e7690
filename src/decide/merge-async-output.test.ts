import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createDiagnostic } from "../diagnostic.js";
import type { QueuedAsyncOutput } from "./async-output-queue.js";
import { createEmptyDispatchResult, type DispatchResult } from "./dispatch-result.js";
import { mergeAsyncOutput } from "./merge-async-output.js";

const hook = createHookDefinition({ event: "PostToolUse", command: "./lint.sh" });
const queued = (overrides: Partial<QueuedAsyncOutput> = {}): QueuedAsyncOutput => ({
  sessionId: "s",
  hookId: "PostToolUse:0:0",
  hook,
  additionalContext: "lint: 2 warnings",
  systemMessage: "lint done",
  diagnostics: [],
  ...overrides,
});

function createResult(): DispatchResult {
  const result = createEmptyDispatchResult("Stop", [
    createDiagnostic("nonzero_exit", "warning", "own"),
  ]);
  result.additionalContext.push("own context");
  result.systemMessages.push("own message");
  return result;
}

describe("mergeAsyncOutput", () => {
  it("returns the result unchanged when nothing was delivered", () => {
    const result = createResult();
    expect(mergeAsyncOutput(result, [])).toBe(result);
  });

  it("puts delivered context, messages and diagnostics before the dispatch's own", () => {
    const late = createDiagnostic("timeout", "warning", "late");
    const merged = mergeAsyncOutput(createResult(), [
      queued(),
      queued({ additionalContext: null, systemMessage: null, diagnostics: [late] }),
    ]);
    expect(merged.additionalContext).toEqual(["lint: 2 warnings", "own context"]);
    expect(merged.systemMessages).toEqual(["lint done", "own message"]);
    expect(merged.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "async_output",
      "async_output",
      "timeout",
      "nonzero_exit",
    ]);
    expect(merged.diagnostics[0]).toMatchObject({
      severity: "info",
      file: "/config/hooks.json",
      path: "hooks.PostToolUse[0].hooks[0]",
    });
    expect(merged.diagnostics[0]?.message).toBe(
      'PostToolUse hook "./lint.sh" ran in the background (async); its output is delivered with this Stop dispatch (additionalContext and systemMessage) (/config/hooks.json hooks.PostToolUse[0].hooks[0])',
    );
    expect(merged.diagnostics[1]?.message).toContain("(no context or message)");
  });

  it("leaves the decision and the runs alone", () => {
    const result = createResult();
    result.decision = "block";
    result.reason = "keep going";
    const merged = mergeAsyncOutput(result, [queued()]);
    expect(merged).toMatchObject({ decision: "block", reason: "keep going", runs: [] });
  });
});
