import { describe, expect, it } from "vitest";
import { translateHostPayload } from "./translate-host-payload.js";

const cursorBase = {
  conversation_id: "conv-1",
  generation_id: "gen-1",
  workspace_roots: ["/project"],
  cursor_version: "2.0.77",
};

describe("translateHostPayload: Cursor host, Claude hook", () => {
  it.each([
    [
      "beforeShellExecution",
      { command: "rm -rf /", cwd: "/project/sub" },
      "PreToolUse",
      { cwd: "/project/sub", tool_name: "Bash", tool_input: { command: "rm -rf /" } },
    ],
    [
      "beforeReadFile",
      { file_path: "/project/.env", content: "KEY=1", attachments: [] },
      "PreToolUse",
      { cwd: "/project", tool_name: "Read", tool_input: { file_path: "/project/.env" } },
    ],
    [
      "beforeMCPExecution",
      { tool_name: "MCP:github:create_issue", tool_input: '{"title":"x"}', url: "https://mcp" },
      "PreToolUse",
      { cwd: "/project", tool_name: "mcp__github__create_issue", tool_input: { title: "x" } },
    ],
    [
      "afterFileEdit",
      { file_path: "/project/a.ts", edits: [{ old_string: "a", new_string: "b" }] },
      "PostToolUse",
      {
        cwd: "/project",
        tool_name: "Edit",
        tool_input: { file_path: "/project/a.ts", old_string: "a", new_string: "b" },
        tool_response: { filePath: "/project/a.ts", success: true },
      },
    ],
    [
      "beforeSubmitPrompt",
      { prompt: "fix it", attachments: [] },
      "UserPromptSubmit",
      { cwd: "/project", prompt: "fix it" },
    ],
    [
      "stop",
      { status: "completed", loop_count: 1 },
      "Stop",
      { cwd: "/project", stop_hook_active: true },
    ],
  ] as const)("%s → %s", (hostEvent, fields, hookEvent, expected) => {
    const result = translateHostPayload({
      host: "cursor",
      hook: "claude",
      hostEvent,
      payload: { ...cursorBase, hook_event_name: hostEvent, ...fields },
    });
    expect(result).toEqual({
      ok: true,
      hookEvent,
      payload: { session_id: "conv-1", hook_event_name: hookEvent, ...expected },
      problems: [],
    });
  });

  it("names what it cannot carry: several edits, an MCP tool without its server", () => {
    const edits = translateHostPayload({
      host: "cursor",
      hook: "claude",
      hostEvent: "afterFileEdit",
      payload: {
        ...cursorBase,
        file_path: "/a",
        edits: [
          { old_string: "a", new_string: "b" },
          { old_string: "c", new_string: "d" },
        ],
      },
    });
    expect(edits.ok && edits.problems).toEqual([
      "afterFileEdit reported 2 edits; the hook sees the first",
    ]);
    const mcp = translateHostPayload({
      host: "cursor",
      hook: "claude",
      hostEvent: "beforeMCPExecution",
      payload: { ...cursorBase, tool_name: "query", tool_input: { sql: "select 1" } },
    });
    expect(mcp.ok && mcp.payload.tool_name).toBe("mcp__cursor__query");
    expect(mcp.ok && mcp.problems.length).toBe(1);
  });

  it("Cursor's preToolUse names reach the hook as Claude Code's", () => {
    const result = translateHostPayload({
      host: "cursor",
      hook: "claude",
      hostEvent: "preToolUse",
      payload: { ...cursorBase, tool_name: "Shell", tool_input: { command: "ls" } },
    });
    expect(result).toMatchObject({
      ok: true,
      hookEvent: "PreToolUse",
      payload: { tool_name: "Bash" },
    });
  });

  it("refuses a payload without the field its event needs", () => {
    const result = translateHostPayload({
      host: "cursor",
      hook: "claude",
      hostEvent: "beforeShellExecution",
      payload: { ...cursorBase, command: 42 },
    });
    expect(result).toEqual({
      ok: false,
      error: `Cursor's beforeShellExecution payload has no string "command"`,
    });
  });
});

describe("translateHostPayload: Claude host, Cursor hook (the reverse)", () => {
  const claudeBase = { session_id: "s1", cwd: "/project", transcript_path: "/t.jsonl" };

  it.each([
    [
      "PreToolUse",
      { tool_name: "Bash", tool_input: { command: "ls" } },
      "beforeShellExecution",
      { command: "ls", cwd: "/project" },
    ],
    [
      "PreToolUse",
      { tool_name: "mcp__github__create_issue", tool_input: { title: "x" } },
      "beforeMCPExecution",
      { tool_name: "create_issue", tool_input: '{"title":"x"}' },
    ],
    [
      "PostToolUse",
      { tool_name: "Write", tool_input: { file_path: "/a", content: "hi" }, tool_response: {} },
      "afterFileEdit",
      { file_path: "/a", edits: [{ old_string: "", new_string: "hi" }] },
    ],
    [
      "UserPromptSubmit",
      { prompt: "hello" },
      "beforeSubmitPrompt",
      { prompt: "hello", attachments: [] },
    ],
    ["Stop", { stop_hook_active: false }, "stop", { status: "completed", loop_count: 0 }],
  ] as const)("%s (%j) → %s", (hostEvent, fields, hookEvent, expected) => {
    const result = translateHostPayload({
      host: "claude",
      hook: "cursor",
      hostEvent,
      payload: { ...claudeBase, hook_event_name: hostEvent, ...fields },
    });
    expect(result).toEqual({
      ok: true,
      hookEvent,
      payload: {
        transcript_path: "/t.jsonl",
        conversation_id: "s1",
        generation_id: "",
        hook_event_name: hookEvent,
        workspace_roots: ["/project"],
        ...expected,
      },
      problems: [],
    });
  });

  it("a tool Cursor has no own event for goes to preToolUse under Cursor's name", () => {
    const result = translateHostPayload({
      host: "claude",
      hook: "cursor",
      hostEvent: "PreToolUse",
      payload: { ...claudeBase, tool_name: "Edit", tool_input: { file_path: "/a" } },
    });
    expect(result).toMatchObject({
      ok: true,
      hookEvent: "preToolUse",
      payload: { tool_name: "StrReplace" },
    });
  });

  it("says a read's content is unknown before the read", () => {
    const result = translateHostPayload({
      host: "claude",
      hook: "cursor",
      hostEvent: "PreToolUse",
      payload: { ...claudeBase, tool_name: "Read", tool_input: { file_path: "/a" } },
    });
    expect(result.ok && result.hookEvent).toBe("beforeReadFile");
    expect(result.ok && result.problems).toHaveLength(1);
  });
});

describe("translateHostPayload: Gemini CLI", () => {
  it("a Gemini CLI BeforeTool reaches a Claude hook as PreToolUse of Bash", () => {
    const result = translateHostPayload({
      host: "gemini",
      hook: "claude",
      hostEvent: "BeforeTool",
      payload: {
        session_id: "s1",
        cwd: "/p",
        hook_event_name: "BeforeTool",
        timestamp: "2026-12-01T00:00:00Z",
        tool_name: "run_shell_command",
        tool_input: { command: "ls" },
      },
    });
    expect(result).toMatchObject({
      ok: true,
      hookEvent: "PreToolUse",
      payload: { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } },
    });
  });

  it("a Claude Code Stop reaches a Gemini CLI hook as AfterAgent with the reply", () => {
    const result = translateHostPayload({
      host: "claude",
      hook: "gemini",
      hostEvent: "Stop",
      payload: {
        session_id: "s1",
        cwd: "/p",
        stop_hook_active: false,
        last_assistant_message: "done",
      },
    });
    expect(result).toMatchObject({
      ok: true,
      hookEvent: "AfterAgent",
      payload: {
        hook_event_name: "AfterAgent",
        prompt_response: "done",
        prompt: "",
        stop_hook_active: false,
      },
    });
    expect(result.ok && typeof result.payload.timestamp).toBe("string");
  });

  it("a Cursor Bash call reaches a Gemini CLI hook as run_shell_command", () => {
    const result = translateHostPayload({
      host: "cursor",
      hook: "gemini",
      hostEvent: "beforeShellExecution",
      payload: { ...cursorBase, command: "ls", cwd: "/project" },
    });
    expect(result).toMatchObject({
      ok: true,
      hookEvent: "BeforeTool",
      payload: {
        session_id: "conv-1",
        tool_name: "run_shell_command",
        tool_input: { command: "ls" },
      },
    });
  });

  it.each([
    [
      "claude",
      "PermissionRequest",
      "gemini",
      "Gemini CLI has no counterpart of the PermissionRequest event",
    ],
    ["claude", "Notification", "codex", "Codex has no counterpart of the Notification event"],
    ["claude", "SessionEnd", "cursor", null],
    ["gemini", "BeforeModel", "claude", "Claude Code has no counterpart of the BeforeModel event"],
    [
      "cursor",
      "afterAgentThought",
      "claude",
      "Claude Code has no counterpart of the AfterAgentThought event",
    ],
    ["cursor", "afterTabFileEdit", "claude", `"afterTabFileEdit" is not a Cursor hook event`],
  ] as const)("%s %s for a %s hook: %s", (host, hostEvent, hook, error) => {
    const result = translateHostPayload({
      host,
      hook,
      hostEvent,
      payload: { session_id: "s", cwd: "/p" },
    });
    if (error === null) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, error });
  });
});

describe("translateHostPayload: Deep Agents Code, ZeroCode, VS Code and Copilot CLI", () => {
  it("reads Copilot CLI's camelCase preToolUse payload for a Claude Code hook", () => {
    const result = translateHostPayload({
      host: "copilot",
      hook: "claude",
      hostEvent: "preToolUse",
      payload: {
        sessionId: "s1",
        timestamp: 1_764_547_200_000,
        cwd: "/project",
        toolName: "bash",
        toolArgs: '{"command":"rm -rf /"}',
      },
    });
    expect(result).toEqual({
      ok: true,
      hookEvent: "PreToolUse",
      payload: {
        session_id: "s1",
        timestamp: 1_764_547_200_000,
        cwd: "/project",
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "rm -rf /" },
      },
      problems: [],
    });
  });

  it("reads Copilot CLI's snake_case payload of a PascalCase event", () => {
    const result = translateHostPayload({
      host: "copilot",
      hook: "claude",
      hostEvent: "PreToolUse",
      payload: {
        hook_event_name: "PreToolUse",
        session_id: "s1",
        cwd: "/project",
        tool_name: "view",
        tool_input: { path: "/project/.env" },
      },
    });
    expect(result).toMatchObject({
      ok: true,
      hookEvent: "PreToolUse",
      payload: { session_id: "s1", tool_name: "Read", tool_input: { path: "/project/.env" } },
    });
  });

  it("writes a Claude Code payload as Copilot CLI's camelCase one", () => {
    const result = translateHostPayload({
      host: "claude",
      hook: "copilot",
      hostEvent: "PostToolUse",
      payload: {
        session_id: "s1",
        cwd: "/project",
        hook_event_name: "PostToolUse",
        transcript_path: "/t.jsonl",
        tool_name: "Write",
        tool_input: { file_path: "/project/a.ts", content: "x" },
        tool_response: "written",
      },
    });
    expect(result).toMatchObject({
      ok: true,
      hookEvent: "postToolUse",
      payload: {
        sessionId: "s1",
        cwd: "/project",
        transcriptPath: "/t.jsonl",
        toolName: "create",
        toolArgs: { file_path: "/project/a.ts", content: "x" },
        toolResult: { resultType: "success", textResultForLlm: "written" },
      },
    });
    expect(result.ok && typeof result.payload.timestamp).toBe("number");
  });

  it("reads VS Code's Local tool names as Claude Code's and writes them back", () => {
    const read = translateHostPayload({
      host: "vscode",
      hook: "claude",
      hostEvent: "PreToolUse",
      payload: {
        session_id: "s1",
        cwd: "/project",
        hook_event_name: "PreToolUse",
        tool_name: "run_in_terminal",
        tool_input: { command: "ls", explanation: "list", isBackground: false },
      },
    });
    expect(read).toMatchObject({ ok: true, payload: { tool_name: "Bash" } });
    const written = translateHostPayload({
      host: "claude",
      hook: "vscode",
      hostEvent: "PreToolUse",
      payload: {
        session_id: "s1",
        cwd: "/project",
        tool_name: "Bash",
        tool_input: { command: "ls" },
      },
    });
    expect(written).toMatchObject({
      ok: true,
      hookEvent: "PreToolUse",
      payload: { tool_name: "run_in_terminal", transcript_path: null },
    });
    expect(written.ok && typeof written.payload.timestamp).toBe("string");
  });

  it("has no Deep Agents Code counterpart of UserPromptSubmit, which it never configures", () => {
    const result = translateHostPayload({
      host: "claude",
      hook: "deepagents",
      hostEvent: "UserPromptSubmit",
      payload: { session_id: "s1", cwd: "/project", prompt: "hi" },
    });
    expect(result).toEqual({
      ok: false,
      error: "Deep Agents Code has no counterpart of the UserPromptSubmit event",
    });
  });

  it("passes a ZeroCode payload to a Deep Agents Code hook with its tool names", () => {
    const result = translateHostPayload({
      host: "zerocode",
      hook: "deepagents",
      hostEvent: "PreToolUse",
      payload: {
        session_id: "s1",
        cwd: "/project",
        hook_event_name: "PreToolUse",
        transcript_path: null,
        tool_name: "Bash",
        tool_input: { command: "ls" },
      },
    });
    expect(result).toMatchObject({
      ok: true,
      hookEvent: "PreToolUse",
      payload: { tool_name: "Bash", tool_input: { command: "ls" } },
      problems: [],
    });
  });
});

// Codex 0.169's payloads as the real binary sends them (run against a fake model server).
const codexBase = {
  session_id: "s-1",
  turn_id: "t-1",
  transcript_path: "/home/u/.codex/sessions/rollout.jsonl",
  cwd: "/project",
  model: "gpt-5.5",
  permission_mode: "bypassPermissions",
  tool_use_id: "call_1",
};

describe("translateHostPayload: Codex host, Claude hook", () => {
  it.each([
    [
      "a Bash result as Codex's text: Bash's stdout",
      { tool_name: "Bash", tool_input: { command: "make" }, tool_response: "out\nerr\n" },
      { stdout: "out\nerr\n", stderr: "", interrupted: false, isImage: false },
      [
        "tool_response is Codex's output text (stdout and stderr together, no exit code); the hook sees it all as Bash's stdout",
      ],
    ],
    [
      "an MCP result as text: kept",
      { tool_name: "mcp__fs__read", tool_input: { path: "a" }, tool_response: "text" },
      "text",
      [],
    ],
    [
      "a Bash result that is already an object: kept",
      { tool_name: "Bash", tool_input: { command: "ls" }, tool_response: { stdout: "a" } },
      { stdout: "a" },
      [],
    ],
  ])("PostToolUse, %s", (_name, fields, response, problems) => {
    const result = translateHostPayload({
      host: "codex",
      hook: "claude",
      hostEvent: "PostToolUse",
      payload: { ...codexBase, hook_event_name: "PostToolUse", ...fields },
    });
    expect(result).toEqual({
      ok: true,
      hookEvent: "PostToolUse",
      payload: { ...codexBase, hook_event_name: "PostToolUse", ...fields, tool_response: response },
      problems,
    });
  });
});
