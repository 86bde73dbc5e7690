import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createProcessOutcome } from "../../test/support/create-process-outcome.js";
import { claudeProfile } from "../profiles/claude.js";
import type { ProcessOutcome } from "../run/process-outcome.js";
import { interpretOutcome } from "./interpret-outcome.js";

// Two event rules of the table: `failedExit: "block"` (any failed exit blocks, WorktreeCreate)
// and `plainStdout: "output"` (plain stdout fills an event output field, WorktreeCreate's path).

function interpret(event: keyof typeof claudeProfile.events, fields: Partial<ProcessOutcome>) {
  const hook = createHookDefinition({ event, command: "./hook.sh", file: "/cfg/settings.json" });
  return interpretOutcome(createProcessOutcome(fields), {
    hook,
    spec: claudeProfile.events[event],
    profile: claudeProfile,
    toolName: null,
  });
}

describe("interpretOutcome: event rules of the claude table", () => {
  it.each([1, 127, 2])("blocks WorktreeCreate on exit %i", (exitCode) => {
    const verdict = interpret("WorktreeCreate", { exitCode, stderr: "no space\n" });
    expect(verdict).toMatchObject({ status: "blocked", decision: "block", reason: "no space" });
  });

  it("names the exit code when a failed WorktreeCreate hook printed nothing", () => {
    const verdict = interpret("WorktreeCreate", { exitCode: 1 });
    expect(verdict.decision).toBe("block");
    expect(verdict.reason).toContain("exited with code 1");
  });

  it("keeps exit 1 a non-blocking error on other events", () => {
    const verdict = interpret("TaskCreated", { exitCode: 1, stderr: "oops" });
    expect(verdict).toMatchObject({ status: "error", decision: null });
  });

  it("reads WorktreeCreate's plain stdout as its worktreePath, trimmed", () => {
    const verdict = interpret("WorktreeCreate", { stdout: "  /repo/.worktrees/a\n" });
    expect(verdict).toMatchObject({ status: "ok", decision: null, additionalContext: null });
    expect(verdict.eventOutput).toEqual({ worktreePath: "/repo/.worktrees/a" });
  });

  it("passes a JSON answer's event output fields into the verdict", () => {
    const stdout = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PermissionDenied", retry: true },
    });
    expect(interpret("PermissionDenied", { stdout }).eventOutput).toEqual({ retry: true });
  });
});
