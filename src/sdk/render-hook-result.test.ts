import { describe, expect, it } from "vitest";
import { eventSchemas } from "../event-schemas/event-schemas.js";
import { addContext, allow, ask, block, deny, stop } from "./hook-results.js";
import type { HookResult } from "./hook-types.js";
import { renderHookResult } from "./render-hook-result.js";

// HookResult.output: the event output fields of the claude profile's rows, one case per kind of
// field (string, list of strings, any value, boolean, one of a few strings, object, inside a
// PermissionRequest decision, plain stdout).

describe("renderHookResult with event output fields", () => {
  it.each([
    [
      "SessionStart",
      {
        ...addContext("branch: main"),
        output: {
          watchPaths: ["/repo/.envrc"],
          sessionTitle: "Fix the build",
          initialUserMessage: "run the tests",
        },
      },
      {
        hookEventName: "SessionStart",
        additionalContext: "branch: main",
        watchPaths: ["/repo/.envrc"],
        sessionTitle: "Fix the build",
        initialUserMessage: "run the tests",
      },
    ],
    ["CwdChanged", { output: { watchPaths: [] } }, { hookEventName: "CwdChanged", watchPaths: [] }],
    [
      "PostToolUse",
      { ...addContext("trimmed"), output: { updatedToolOutput: { stdout: "ok" } } },
      {
        hookEventName: "PostToolUse",
        additionalContext: "trimmed",
        updatedToolOutput: { stdout: "ok" },
      },
    ],
    [
      "PostToolUse",
      { output: { updatedMCPToolOutput: null } },
      { hookEventName: "PostToolUse", updatedMCPToolOutput: null },
    ],
    [
      "PermissionDenied",
      { output: { retry: true } },
      { hookEventName: "PermissionDenied", retry: true },
    ],
    [
      "MessageDisplay",
      { output: { displayContent: "shorter" } },
      { hookEventName: "MessageDisplay", displayContent: "shorter" },
    ],
    [
      "Elicitation",
      { output: { action: "accept", content: { name: "demo" } } },
      { hookEventName: "Elicitation", action: "accept", content: { name: "demo" } },
    ],
    [
      "ElicitationResult",
      { output: { action: "decline" } },
      { hookEventName: "ElicitationResult", action: "decline" },
    ],
    [
      "PermissionRequest",
      {
        ...allow({ updatedInput: { command: "ls -a" } }),
        output: { updatedPermissions: [{ type: "addRules", behavior: "allow" }] },
      },
      {
        hookEventName: "PermissionRequest",
        decision: {
          behavior: "allow",
          updatedInput: { command: "ls -a" },
          updatedPermissions: [{ type: "addRules", behavior: "allow" }],
        },
      },
    ],
    [
      "PermissionRequest",
      { ...deny("stop here"), output: { interrupt: true } },
      {
        hookEventName: "PermissionRequest",
        decision: { behavior: "deny", message: "stop here", interrupt: true },
      },
    ],
  ] as const)("writes %s output in hookSpecificOutput", (event, result, expected) => {
    const outcome = renderHookResult(result, event, "claude");
    expect(outcome).toMatchObject({ exitCode: 0, stderr: "" });
    const printed: unknown = JSON.parse(outcome.stdout);
    expect(printed).toEqual({ hookSpecificOutput: expected });
    // What the SDK prints is what the event's output schema (and so the engine) accepts.
    const schema = eventSchemas.claude[event as keyof typeof eventSchemas.claude].output;
    expect(schema.safeParse(printed).success).toBe(true);
  });

  it("keeps top-level fields beside the event output", () => {
    const outcome = renderHookResult(
      { ...stop("done"), systemMessage: "bye", output: { sessionTitle: "Done" } },
      "SessionStart",
      "claude",
    );
    expect(JSON.parse(outcome.stdout)).toEqual({
      continue: false,
      stopReason: "done",
      systemMessage: "bye",
      hookSpecificOutput: { hookEventName: "SessionStart", sessionTitle: "Done" },
    });
  });

  it("prints WorktreeCreate's path as plain stdout, as Claude Code reads a command hook's", () => {
    expect(
      renderHookResult(
        { output: { worktreePath: "/repo/.worktrees/a" } },
        "WorktreeCreate",
        "claude",
      ),
    ).toEqual({ exitCode: 0, stdout: "/repo/.worktrees/a\n", stderr: "" });
  });

  it("skips a field set to undefined (a JavaScript hook's optional value)", () => {
    const result: HookResult<unknown> = { output: { watchPaths: undefined } };
    expect(renderHookResult(result, "SessionStart", "claude")).toEqual({
      exitCode: 0,
      stdout: "",
      stderr: "",
    });
  });
});

describe("renderHookResult refusing event output", () => {
  // Results a JavaScript hook (or a cast) can return; the types refuse most of them.
  it.each<[string, string, HookResult<unknown>, string]>([
    [
      "claude",
      "PreToolUse",
      { output: { watchPaths: ["/x"] } },
      "PreToolUse takes no output watchPaths in the claude profile (it takes none)",
    ],
    [
      "claude",
      "SessionStart",
      { output: { retry: true } },
      "SessionStart takes no output retry in the claude profile (it takes initialUserMessage, sessionTitle, watchPaths)",
    ],
    [
      "claude",
      "SessionStart",
      { output: { additionalContext: "x" } },
      "SessionStart takes no output additionalContext in the claude profile",
    ],
    [
      "claude",
      "PermissionRequest",
      { ...allow(), output: { updatedInput: { command: "ls" } } },
      "PermissionRequest takes no output updatedInput in the claude profile (it takes updatedPermissions, interrupt)",
    ],
    [
      "zerocode",
      "PostToolUse",
      { output: { updatedMCPToolOutput: "x" } },
      "PostToolUse takes no output updatedMCPToolOutput in the zerocode profile",
    ],
    [
      "claude",
      "SessionStart",
      { output: { watchPaths: "/repo/.envrc" } },
      'SessionStart output watchPaths must be a list of strings, not "/repo/.envrc"',
    ],
    [
      "claude",
      "SessionStart",
      { output: { watchPaths: ["/a", 1] } },
      "SessionStart output watchPaths must be a list of strings, not a list of string and number",
    ],
    [
      "claude",
      "Elicitation",
      { output: { action: "maybe" } },
      'Elicitation output action must be one of "accept", "decline", "cancel", not "maybe"',
    ],
    [
      "claude",
      "Elicitation",
      { output: { content: ["a"] } },
      "Elicitation output content must be an object, not a list of string",
    ],
    [
      "claude",
      "PermissionDenied",
      { output: { retry: "yes" } },
      'PermissionDenied output retry must be a boolean, not "yes"',
    ],
    [
      "claude",
      "SessionStart",
      { output: ["/repo/.envrc"] },
      "SessionStart output must be an object of event output fields",
    ],
    [
      "claude",
      "PermissionRequest",
      { output: { interrupt: true } },
      "PermissionRequest takes output interrupt in its decision: return it with an allow or a deny",
    ],
    [
      "claude",
      "PermissionRequest",
      { ...ask("you decide"), output: { updatedPermissions: [] } },
      "PermissionRequest takes output updatedPermissions in its decision",
    ],
    [
      "claude",
      "PermissionDenied",
      { ...block("no"), output: { retry: true } },
      "PermissionDenied cannot return output with a block: its exit code 2 drops stdout",
    ],
    [
      "claude",
      "WorktreeCreate",
      { systemMessage: "created", output: { worktreePath: "/repo/.worktrees/a" } },
      "WorktreeCreate prints its output worktreePath as plain stdout: return it alone",
    ],
  ])("%s %s: %j", (profile, event, result, message) => {
    const outcome = renderHookResult(result, event, profile as "claude" | "zerocode");
    expect(outcome).toMatchObject({ exitCode: 1, stdout: "" });
    expect(outcome.stderr).toContain(`agent-hooks/sdk: ${message}`);
  });
});
