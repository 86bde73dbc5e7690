import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { claudeProfile } from "../profiles/claude.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// Every Claude Code event of the claude profile, dispatched through a real settings file and a
// real hook process (test/fixtures/handlers/respond-with.sh prints what it is told and exits with
// the code it is given): exit 2, a block and each event's output fields have the documented effect.

const respondWith = fileURLToPath(
  new URL("../../test/fixtures/handlers/respond-with.sh", import.meta.url),
);
const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** What the fixture hook does: its stdout, its stderr and its exit code. */
interface Answer {
  stdout?: string | Record<string, unknown>;
  stderr?: string;
  exit?: number;
}

function hookCommand({ stdout = "", stderr = "", exit = 0 }: Answer) {
  const printed = typeof stdout === "string" ? stdout : JSON.stringify(stdout);
  return {
    type: "command",
    command: [respondWith, printed, stderr, String(exit)].map(quote).join(" "),
  };
}

/** A `hookSpecificOutput` for `event` with `fields`. */
const specific = (event: string, fields: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: event, ...fields },
});

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/** An engine over one project settings file holding `hooks`. */
async function createEngine(hooks: Record<string, unknown>): Promise<HookEngine> {
  const workspace = createTestWorkspace("claude-events");
  const settingsFile = workspace.writeJson("project/.claude/settings.json", { hooks });
  const engine = await createHookEngine({
    profile: "claude",
    configFiles: [settingsFile],
    cwd: workspace.project,
    home: workspace.home,
    sessionId: "session-1",
  });
  engines.push(engine);
  return engine;
}

/** Dispatches `event` with one hook answering `answer` (under `matcher` where given). */
async function dispatchWith(
  event: string,
  payload: Record<string, unknown>,
  answers: readonly Answer[],
  matcher?: string,
): Promise<DispatchResult> {
  const group = { ...(matcher !== undefined && { matcher }), hooks: answers.map(hookCommand) };
  const engine = await createEngine({ [event]: [group] });
  return engine.dispatch(event, payload);
}

const codes = (result: DispatchResult) => result.diagnostics.map((diagnostic) => diagnostic.code);

const tool = { tool_name: "Bash", tool_input: { command: "ls" } };

/** The 31 events of Claude Code's hooks reference (v2.1.240). */
const claudeCodeEvents = [
  "SessionStart",
  "Setup",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "PreToolUse",
  "PermissionRequest",
  "PermissionDenied",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Notification",
  "MessageDisplay",
  "SubagentStart",
  "SubagentStop",
  "TaskCreated",
  "TaskCompleted",
  "TeammateIdle",
  "Stop",
  "StopFailure",
  "InstructionsLoaded",
  "CwdChanged",
  "DirectoryAdded",
  "FileChanged",
  "ConfigChange",
  "WorktreeCreate",
  "WorktreeRemove",
  "PreCompact",
  "PostCompact",
  "SessionEnd",
  "Elicitation",
  "ElicitationResult",
] as const;

interface EventCase {
  event: string;
  payload: Record<string, unknown>;
  answer: Answer;
  expected: Partial<DispatchResult>;
}

// Exit 2 on each event: a block where Claude Code blocks, nothing decided where it cannot.
const exitTwoCases: readonly EventCase[] = [
  ["UserPromptSubmit", { prompt: "hi" }, "block"],
  ["UserPromptExpansion", { command_name: "deploy", prompt: "/deploy" }, "block"],
  ["PreToolUse", tool, "deny"],
  ["PermissionRequest", tool, "deny"],
  ["PostToolUse", { ...tool, tool_response: "ok" }, "block"],
  ["PostToolBatch", { tool_calls: [] }, "block"],
  ["SubagentStop", { stop_hook_active: false, agent_id: "a", agent_type: "Plan" }, "block"],
  ["TaskCreated", { task_id: "1", task_subject: "Write docs" }, "block"],
  ["TaskCompleted", { task_id: "1", task_subject: "Write docs" }, "block"],
  ["TeammateIdle", { teammate_name: "ann", team_name: "docs" }, "block"],
  ["Stop", { stop_hook_active: false }, "block"],
  ["ConfigChange", { source: "project_settings", file_path: "/x" }, "block"],
  ["WorktreeCreate", { name: "feature" }, "block"],
  ["PreCompact", { trigger: "manual" }, "block"],
  ["Elicitation", { mcp_server_name: "docs", message: "Token?" }, "block"],
  ["ElicitationResult", { mcp_server_name: "docs", action: "accept" }, "block"],
  ["PostToolUseFailure", { ...tool, error: "exit 1" }, null],
  ["SessionStart", { source: "fork" }, null],
  ["Setup", { trigger: "init" }, null],
  ["PermissionDenied", { ...tool, reason: "classifier" }, null],
  ["Notification", { message: "m", notification_type: "idle_prompt" }, null],
  ["MessageDisplay", { message: "text" }, null],
  ["SubagentStart", { agent_id: "a", agent_type: "Plan" }, null],
  ["StopFailure", { error: "rate_limit" }, null],
  [
    "InstructionsLoaded",
    { file_path: "/CLAUDE.md", memory_type: "Project", load_reason: "session_start" },
    null,
  ],
  ["CwdChanged", { old_cwd: "/a", new_cwd: "/b" }, null],
  ["DirectoryAdded", { directory: "/b" }, null],
  ["FileChanged", { file_path: "/b/.envrc", event: "change" }, null],
  ["WorktreeRemove", { worktree_path: "/wt" }, null],
  ["PostCompact", { trigger: "auto" }, null],
  ["SessionEnd", { reason: "clear" }, null],
].map(([event, payload, decision]) => ({
  event: event as string,
  payload: payload as Record<string, unknown>,
  answer: { stderr: "refused", exit: 2 },
  expected: decision === null ? { decision: null } : { decision: decision as "block" },
}));

// Each event's own output fields: applied where the pipeline applies them, else in eventOutput.
const outputCases: readonly EventCase[] = [
  {
    event: "SessionStart",
    payload: { source: "startup" },
    answer: {
      stdout: specific("SessionStart", {
        additionalContext: "ctx",
        initialUserMessage: "Run the tests",
        sessionTitle: "Tests",
        watchPaths: ["/repo/.envrc"],
      }),
    },
    expected: {
      additionalContext: ["ctx"],
      eventOutput: {
        initialUserMessage: "Run the tests",
        sessionTitle: "Tests",
        watchPaths: ["/repo/.envrc"],
      },
    },
  },
  {
    event: "Setup",
    payload: { trigger: "maintenance" },
    answer: { stdout: specific("Setup", { additionalContext: "set up" }) },
    expected: { additionalContext: ["set up"] },
  },
  {
    event: "UserPromptExpansion",
    payload: { command_name: "deploy", prompt: "/deploy" },
    answer: { stdout: { decision: "block", reason: "not now" } },
    expected: { decision: "block", reason: "not now" },
  },
  {
    event: "PreToolUse",
    payload: tool,
    answer: {
      stdout: specific("PreToolUse", {
        permissionDecision: "defer",
        permissionDecisionReason: "ask the host",
      }),
    },
    expected: { decision: "defer", reason: "ask the host", updatedInput: null },
  },
  {
    event: "PermissionRequest",
    payload: tool,
    answer: {
      stdout: specific("PermissionRequest", {
        decision: {
          behavior: "allow",
          updatedInput: { command: "ls -la" },
          updatedPermissions: [{ type: "addRules", rules: [{ toolName: "Bash" }] }],
        },
      }),
    },
    expected: {
      decision: "allow",
      updatedInput: { command: "ls -la" },
      eventOutput: { updatedPermissions: [{ type: "addRules", rules: [{ toolName: "Bash" }] }] },
    },
  },
  {
    event: "PermissionRequest",
    payload: tool,
    answer: {
      stdout: specific("PermissionRequest", {
        decision: { behavior: "deny", message: "no", interrupt: true },
      }),
    },
    expected: { decision: "deny", reason: "no", eventOutput: { interrupt: true } },
  },
  {
    event: "PermissionDenied",
    payload: { ...tool, reason: "classifier" },
    answer: { stdout: specific("PermissionDenied", { retry: true }) },
    expected: { decision: null, eventOutput: { retry: true } },
  },
  {
    event: "PostToolUse",
    payload: { ...tool, tool_response: "secret" },
    answer: { stdout: specific("PostToolUse", { updatedToolOutput: "[redacted]" }) },
    expected: { decision: null, eventOutput: { updatedToolOutput: "[redacted]" } },
  },
  {
    event: "PostToolBatch",
    payload: { tool_calls: [] },
    answer: { stdout: { decision: "block", reason: "review the batch" } },
    expected: { decision: "block", reason: "review the batch" },
  },
  {
    event: "MessageDisplay",
    payload: { message: "text" },
    answer: { stdout: specific("MessageDisplay", { displayContent: "TEXT" }) },
    expected: { eventOutput: { displayContent: "TEXT" } },
  },
  {
    event: "TaskCompleted",
    payload: { task_id: "1", task_subject: "Write docs" },
    answer: { stdout: { decision: "block", reason: "tests fail" } },
    expected: { decision: "block", reason: "tests fail" },
  },
  {
    event: "CwdChanged",
    payload: { old_cwd: "/a", new_cwd: "/b" },
    answer: { stdout: specific("CwdChanged", { watchPaths: ["/b/.envrc"] }) },
    expected: { eventOutput: { watchPaths: ["/b/.envrc"] } },
  },
  {
    event: "FileChanged",
    payload: { file_path: "/b/.envrc", event: "change" },
    answer: { stdout: specific("FileChanged", { watchPaths: ["/b/.env"] }) },
    expected: { eventOutput: { watchPaths: ["/b/.env"] } },
  },
  {
    event: "WorktreeCreate",
    payload: { name: "feature" },
    answer: { stdout: "/repo/.worktrees/feature\n" },
    expected: { decision: null, eventOutput: { worktreePath: "/repo/.worktrees/feature" } },
  },
  {
    event: "WorktreeCreate",
    payload: { name: "feature" },
    answer: { stderr: "git failed", exit: 1 },
    expected: { decision: "block", reason: "git failed" },
  },
  {
    event: "Elicitation",
    payload: { mcp_server_name: "docs", message: "Token?" },
    answer: {
      stdout: specific("Elicitation", { action: "accept", content: { token: "abc" } }),
    },
    expected: { decision: null, eventOutput: { action: "accept", content: { token: "abc" } } },
  },
  {
    event: "ElicitationResult",
    payload: { mcp_server_name: "docs", action: "accept" },
    answer: { stdout: specific("ElicitationResult", { action: "decline" }) },
    expected: { eventOutput: { action: "decline" } },
  },
];

describe.skipIf(process.platform === "win32")("every Claude Code event (claude profile)", () => {
  it("has a row for each event of Claude Code's hooks reference", () => {
    expect(Object.keys(claudeProfile.events).sort()).toEqual([...claudeCodeEvents].sort());
  });

  it.each(exitTwoCases)("$event: exit 2 decides $expected.decision", async (entry) => {
    const result = await dispatchWith(entry.event, entry.payload, [entry.answer]);
    expect(result).toMatchObject(entry.expected);
    expect(result.runs.map((run) => run.status)).toEqual(["blocked"]);
    if (entry.expected.decision !== null) expect(result.reason).toBe("refused");
  });

  it.each(outputCases)("$event: its output gives $expected", async (entry) => {
    const result = await dispatchWith(entry.event, entry.payload, [entry.answer]);
    expect(result).toMatchObject(entry.expected);
    expect(result.diagnostics.filter((item) => item.severity !== "info")).toEqual([]);
  });

  it("leaves eventOutput out when no handler returned an event output field", async () => {
    const result = await dispatchWith("SessionStart", { source: "resume" }, [{ stdout: "ctx" }]);
    expect(result.additionalContext).toEqual(["ctx"]);
    expect(result).not.toHaveProperty("eventOutput");
  });

  it("merges in configuration order: the first value wins, watchPaths concatenate", async () => {
    const result = await dispatchWith("SessionStart", { source: "clear" }, [
      { stdout: specific("SessionStart", { sessionTitle: "first", watchPaths: ["/a"] }) },
      { stdout: specific("SessionStart", { sessionTitle: "second", watchPaths: ["/b", "/c"] }) },
    ]);
    expect(result.eventOutput).toEqual({ sessionTitle: "first", watchPaths: ["/a", "/b", "/c"] });
  });

  it("drops a field of the wrong type with a diagnostic, keeping the others", async () => {
    const result = await dispatchWith("SessionStart", { source: "compact" }, [
      {
        stdout: specific("SessionStart", { watchPaths: "/a", sessionTitle: "kept" }),
      },
    ]);
    expect(result.eventOutput).toEqual({ sessionTitle: "kept" });
    expect(codes(result)).toEqual(["invalid_output"]);
    expect(result.diagnostics[0]?.message).toContain("hookSpecificOutput.watchPaths");
  });

  it("refuses a field another event owns (retry on PostToolUse)", async () => {
    const result = await dispatchWith("PostToolUse", { ...tool, tool_response: "ok" }, [
      { stdout: specific("PostToolUse", { retry: true }) },
    ]);
    expect(result).not.toHaveProperty("eventOutput");
    expect(codes(result)).toEqual(["invalid_output"]);
  });

  it("ranks deny > defer > ask > allow across PreToolUse hooks", async () => {
    const decide = (permissionDecision: string) => ({
      stdout: specific("PreToolUse", { permissionDecision }),
    });
    const deferred = await dispatchWith("PreToolUse", tool, [
      decide("allow"),
      decide("defer"),
      decide("ask"),
    ]);
    expect(deferred.decision).toBe("defer");
    const denied = await dispatchWith("PreToolUse", tool, [decide("defer"), decide("deny")]);
    expect(denied.decision).toBe("deny");
  });

  it("matches Setup on its trigger and ConfigChange on its source", async () => {
    const setup = await dispatchWith("Setup", { trigger: "init" }, [{ exit: 0 }], "maintenance");
    expect(setup.runs).toEqual([]);
    const config = await dispatchWith(
      "ConfigChange",
      { source: "user_settings" },
      [{ stderr: "frozen", exit: 2 }],
      "user_settings|project_settings",
    );
    expect(config).toMatchObject({ decision: "block", reason: "frozen" });
  });

  it("skips an http handler on SessionStart and Setup, with a warning", async () => {
    const http = { type: "http", url: "http://127.0.0.1:9/hook" };
    const engine = await createEngine({
      SessionStart: [{ hooks: [http] }],
      Setup: [{ hooks: [http] }],
    });
    expect(engine.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "unsupported_handler_type",
      "unsupported_handler_type",
    ]);
    expect((await engine.dispatch("SessionStart", { source: "startup" })).runs).toEqual([]);
  });
});

// Two event rules beyond the block effect: ConfigChange cannot block a managed policy change
// (`unblockable` in its row), and FileChanged matchers name files (`matchOn: "basename"`).
describe("claude profile: payload rules of ConfigChange and FileChanged", () => {
  it("never blocks a policy_settings change, with a block_ignored warning", async () => {
    const result = await dispatchWith("ConfigChange", { source: "policy_settings" }, [
      { stderr: "frozen", exit: 2 },
      { stdout: { decision: "block", reason: "not this one either" } },
    ]);
    expect(result).toMatchObject({ decision: null, reason: null });
    expect(codes(result)).toEqual(["block_ignored", "block_ignored"]);
    expect(result.diagnostics[0]?.message).toContain(
      'a ConfigChange with source "policy_settings" cannot be blocked in Claude Code: frozen',
    );
  });

  it.each(["user_settings", "project_settings", "local_settings", "skills"])(
    "blocks a %s change",
    async (source) => {
      const result = await dispatchWith("ConfigChange", { source }, [
        { stderr: "frozen", exit: 2 },
      ]);
      expect(result).toMatchObject({ decision: "block", reason: "frozen" });
      expect(codes(result)).toEqual([]);
    },
  );

  it("matches a FileChanged matcher on the changed file's name, not its path", async () => {
    const engine = await createEngine({
      FileChanged: [{ matcher: ".envrc", hooks: [hookCommand({ stdout: "" })] }],
    });
    const changed = await engine.dispatch("FileChanged", {
      file_path: "/p/.envrc",
      event: "change",
    });
    expect(changed.runs).toHaveLength(1);
    const other = await engine.dispatch("FileChanged", { file_path: "/p/other", event: "change" });
    expect(other.runs).toEqual([]);
    // A matcher naming a directory of the path is tested on the name alone: no run.
    const directory = await engine.dispatch("FileChanged", {
      file_path: "/p/.envrc/inner",
      event: "change",
    });
    expect(directory.runs).toEqual([]);
  });

  it("matches each name of an alternation (.envrc|.env)", async () => {
    const engine = await createEngine({
      FileChanged: [{ matcher: ".envrc|.env", hooks: [hookCommand({ stdout: "" })] }],
    });
    for (const file_path of ["/p/.envrc", "/p/sub/.env"]) {
      const result = await engine.dispatch("FileChanged", { file_path, event: "change" });
      expect(result.runs).toHaveLength(1);
    }
    // Literal names, never a regular expression: `.env` is not `x.env`, `.envrcx` or `aenvrc`.
    for (const file_path of ["/p/x.env", "/p/.envrcx", "/p/aenvrc"]) {
      const result = await engine.dispatch("FileChanged", { file_path, event: "change" });
      expect(result.runs).toEqual([]);
    }
  });

  it("explains FileChanged as dispatch plans it, on the file's name", async () => {
    const engine = await createEngine({
      FileChanged: [{ matcher: ".envrc", hooks: [hookCommand({ stdout: "" })] }],
    });
    const matched = await engine.explain("FileChanged", {
      file_path: "/p/.envrc",
      event: "change",
    });
    expect(matched).toMatchObject({ matchField: "file_path", matchValue: ".envrc" });
    expect(matched.entries.map((entry) => entry.verdict)).toEqual(["would-run"]);
    const other = await engine.explain("FileChanged", { file_path: "/p/other", event: "change" });
    expect(other.matchValue).toBe("other");
    expect(other.entries.map((entry) => entry.verdict)).toEqual(["skipped"]);
    expect(other.entries[0]?.reasons[0]).toMatchObject({
      kind: "matcher",
      value: "other",
      message: 'matcher ".envrc" does not match the file name in file_path "other"',
    });
  });
});
