import { describe, expect, it } from "vitest";
import { cursorProfile } from "../../profiles/cursor.js";
import type { EventSpec } from "../../profiles/profile.js";
import { type ConversionIssue, formatConversionIssue } from "../conversion-issue.js";
import { convertHooks } from "../convert-hooks.js";
import { cursorToolEvents, selectCursorToolEvent } from "../cursor-tool-events.js";
import { cursorToolNames, translateToolNameToCursor } from "../cursor-tool-names.js";
import type { FormatName } from "../portable-hooks.js";
import { cursorEventNames, cursorFormat } from "./cursor.js";

function convert(document: unknown, from: FormatName, to: FormatName) {
  const result = convertHooks({ text: JSON.stringify(document), file: "hooks.json", from, to });
  if (!result.ok) throw new Error(result.error);
  // The configuration's own issues; the line on the hooks' output protocol, which every
  // conversion between Cursor and another agent has, is `protocol` (tested on its own below).
  const isProtocol = (issue: ConversionIssue) => issue.subject === "the hooks' output";
  const issues = result.issues.filter((issue) => !isProtocol(issue));
  return {
    output: JSON.parse(result.output) as unknown,
    lines: issues.map(formatConversionIssue),
    lossy: issues.some((issue) => issue.kind === "lossy"),
    protocol: result.issues.filter(isProtocol).map(formatConversionIssue),
    exitLossy: result.lossy,
  };
}

const protocolLine =
  'agent-hooks convert: lossy: the hooks\' output is Claude Code\'s (hookSpecificOutput.permissionDecision, decision: "block", continue), which Cursor does not read: it reads {"permission": "allow"|"deny"|"ask", "user_message", "agent_message"} and sends its own payloads, so a decision a hook prints is ignored there and what it would block goes ahead (an exit 2 still denies); convert with --shim to have agent-hooks shim translate each payload and reply';

const claudeCommand = { type: "command", command: "./hook.sh", timeout: 30 };
const cursorCommand = { command: "./hook.sh", timeout: 30 };

const guard = {
  hooks: {
    PreToolUse: [
      { matcher: "Bash", hooks: [{ type: "command", command: "./guard.sh", timeout: 30 }] },
    ],
  },
};

const cursorGuard = {
  version: 1,
  hooks: { preToolUse: [{ command: "./guard.sh", matcher: "^Shell$", timeout: 30 }] },
};

describe("the event-name map", () => {
  it.each([
    ["SessionStart", "sessionStart"],
    ["SessionEnd", "sessionEnd"],
    ["UserPromptSubmit", "beforeSubmitPrompt"],
    ["PreToolUse", "preToolUse"],
    ["PostToolUse", "postToolUse"],
    ["PostToolUseFailure", "postToolUseFailure"],
    ["SubagentStart", "subagentStart"],
    ["SubagentStop", "subagentStop"],
    ["PreCompact", "preCompact"],
    ["Stop", "stop"],
  ])("Claude %s is Cursor %s, both ways", (claude, cursor) => {
    expect(cursorEventNames[claude as keyof typeof cursorEventNames]).toBe(cursor);
    const there = convert(
      { hooks: { [claude]: [{ hooks: [claudeCommand] }] } },
      "claude",
      "cursor",
    );
    expect(there.output).toEqual({ version: 1, hooks: { [cursor]: [cursorCommand] } });
    expect(there.lines).toEqual([]);
    expect(there.protocol).toEqual([protocolLine]);
    expect(there.exitLossy).toBe(true);
    const back = convert(there.output, "cursor", "claude");
    expect(back.output).toEqual({ hooks: { [claude]: [{ hooks: [claudeCommand] }] } });
    expect(back.lines).toEqual([]);
    expect(back.protocol).toEqual([
      expect.stringContaining("the hooks' output is Cursor's ({\"permission\""),
    ]);
  });

  it.each(["afterAgentResponse", "afterAgentThought"])(
    "Cursor's %s has no Claude Code counterpart: dropped with a lossy line",
    (cursor) => {
      const result = convert(
        { version: 1, hooks: { [cursor]: [cursorCommand] } },
        "cursor",
        "claude",
      );
      expect(result.lossy).toBe(true);
      expect(result.output).toEqual({ hooks: {} });
      expect(result.lines).toEqual([
        `agent-hooks convert: lossy: ${cursor} hook at hooks.${cursor}[0]: Claude Code has no ${cursor.charAt(0).toUpperCase()}${cursor.slice(1)} event; the hook is dropped`,
      ]);
    },
  );

  it("a Claude event Cursor lacks is dropped with a lossy line", () => {
    const result = convert(
      { hooks: { PermissionRequest: [{ hooks: [claudeCommand] }] } },
      "claude",
      "cursor",
    );
    expect(result.lossy).toBe(true);
    expect(result.output).toEqual({ version: 1, hooks: {} });
    expect(result.lines).toEqual([
      "agent-hooks convert: lossy: PermissionRequest hook at hooks.PermissionRequest[0].hooks[0]: Cursor has no PermissionRequest event; the hook is dropped",
    ]);
  });
});

describe("the tool-name map", () => {
  it.each([
    ["Bash", "Shell"],
    ["Edit", "StrReplace"],
    ["NotebookEdit", "EditNotebook"],
    ["Read", "Read"],
    ["Write", "Write"],
    ["Grep", "Grep"],
    ["Task", "Task"],
  ])("Claude %s is Cursor %s in a preToolUse matcher, both ways", (claude, cursor) => {
    expect(translateToolNameToCursor(claude)).toBe(cursor);
    const there = convert(
      { hooks: { PreToolUse: [{ matcher: claude, hooks: [claudeCommand] }] } },
      "claude",
      "cursor",
    );
    expect(there.output).toEqual({
      version: 1,
      hooks: { preToolUse: [{ ...cursorCommand, matcher: `^${cursor}$` }] },
    });
    const back = convert(there.output, "cursor", "claude");
    expect(back.output).toEqual({
      hooks: { PreToolUse: [{ matcher: claude, hooks: [claudeCommand] }] },
    });
    expect(back.lossy).toBe(false);
  });

  it("renames every entry of the table, and each public name belongs to one Cursor name", () => {
    for (const [cursor, claude] of Object.entries(cursorToolNames)) {
      expect(translateToolNameToCursor(claude)).toBe(cursor);
    }
    expect(new Set(Object.values(cursorToolNames)).size).toBe(Object.keys(cursorToolNames).length);
  });

  it("writes a list anchored, in Cursor's names: Edit|Write → ^(StrReplace|Write)$", () => {
    const there = convert(
      { hooks: { PostToolUse: [{ matcher: "Edit|Write", hooks: [claudeCommand] }] } },
      "claude",
      "cursor",
    );
    expect(there.output).toEqual({
      version: 1,
      hooks: { postToolUse: [{ ...cursorCommand, matcher: "^(StrReplace|Write)$" }] },
    });
  });

  it("reads a bare Cursor list as exact names, with notes", () => {
    const result = convert(
      { version: 1, hooks: { preToolUse: [{ ...cursorCommand, matcher: "Shell|Read" }] } },
      "cursor",
      "claude",
    );
    expect(result.output).toEqual({
      hooks: { PreToolUse: [{ matcher: "Bash|Read", hooks: [claudeCommand] }] },
    });
    expect(result.lossy).toBe(false);
    expect(result.lines).toContain(
      'agent-hooks convert: note: matcher "Shell|Read" at hooks.preToolUse[0].matcher: Cursor tool Shell is written as its public name Bash',
    );
  });
});

describe("Cursor's tool-specific events", () => {
  it.each([
    ["beforeShellExecution", "PreToolUse", "Bash"],
    ["afterShellExecution", "PostToolUse", "Bash"],
    ["beforeMCPExecution", "PreToolUse", "mcp__.*"],
    ["afterMCPExecution", "PostToolUse", "mcp__.*"],
    ["beforeReadFile", "PreToolUse", "Read"],
    ["afterFileEdit", "PostToolUse", "Edit|Write"],
  ])("%s is read as %s on %s, with a note on its payload", (cursor, claude, matcher) => {
    const spec = cursorToolEvents[cursor as keyof typeof cursorToolEvents];
    expect([spec.event, spec.matcher]).toEqual([claude, matcher]);
    const result = convert(
      { version: 1, hooks: { [cursor]: [cursorCommand] } },
      "cursor",
      "claude",
    );
    expect(result.output).toEqual({ hooks: { [claude]: [{ matcher, hooks: [claudeCommand] }] } });
    expect(result.lossy).toBe(false);
    expect(result.lines).toEqual([
      `agent-hooks convert: note: event "${cursor}" at hooks.${cursor}: is read as ${claude} on ${matcher}; Cursor sends these hooks ${spec.payload} rather than tool_name and tool_input, so check what the scripts read`,
    ]);
    // Cursor to Cursor keeps the event.
    const same = convert({ version: 1, hooks: { [cursor]: [cursorCommand] } }, "cursor", "cursor");
    expect(same.output).toEqual({ version: 1, hooks: { [cursor]: [cursorCommand] } });
  });

  it.each([
    ["PreToolUse", "mcp__.*", null, "beforeMCPExecution"],
    ["PostToolUse", "mcp__.*", null, "afterMCPExecution"],
    ["PreToolUse", "mcp__github__create_issue", null, "beforeMCPExecution"],
    ["PreToolUse", "Bash", null, null],
    ["PreToolUse", "Bash", "beforeShellExecution", "beforeShellExecution"],
    ["PreToolUse", "Bash|Read", "beforeShellExecution", null],
    ["PostToolUseFailure", "mcp__.*", null, null],
  ])("a %s hook on %s (read from %s) is written on %s", (event, matcher, origin, expected) => {
    expect(selectCursorToolEvent(event, matcher, origin)).toBe(expected);
  });

  it("writes a Claude hook on every MCP tool on beforeMCPExecution, without loss", () => {
    const there = convert(
      { hooks: { PreToolUse: [{ matcher: "mcp__.*", hooks: [claudeCommand] }] } },
      "claude",
      "cursor",
    );
    expect(there.output).toEqual({ version: 1, hooks: { beforeMCPExecution: [cursorCommand] } });
    expect(there.lossy).toBe(false);
  });

  it("widens a hook on one MCP tool to every MCP tool, with a lossy line", () => {
    const result = convert(
      { hooks: { PreToolUse: [{ matcher: "mcp__github__create_issue", hooks: [claudeCommand] }] } },
      "claude",
      "cursor",
    );
    expect(result.output).toEqual({ version: 1, hooks: { beforeMCPExecution: [cursorCommand] } });
    expect(result.lines).toContain(
      'agent-hooks convert: lossy: matcher "mcp__github__create_issue" at hooks.PreToolUse[0].matcher: Cursor cannot select one MCP tool (its tool names are MCP:<tool>, without the server); the hook is written on beforeMCPExecution and fires for every MCP tool call',
    );
  });

  it("carries a list mixing MCP and other tools with a lossy line", () => {
    const result = convert(
      { hooks: { PreToolUse: [{ matcher: "Bash|mcp__github__x", hooks: [claudeCommand] }] } },
      "claude",
      "cursor",
    );
    expect(result.lossy).toBe(true);
    expect(result.output).toEqual({
      version: 1,
      hooks: { preToolUse: [{ ...cursorCommand, matcher: "^(Shell|mcp__github__x)$" }] },
    });
    expect(result.lines).toContain(
      'agent-hooks convert: lossy: matcher "Bash|mcp__github__x" at hooks.PreToolUse[0].matcher: Cursor names MCP tools MCP:<tool>, so the mcp__ names in the matcher match nothing there; it is carried as is',
    );
  });

  it("drops a matcher on beforeShellExecution (it filters the command) with a lossy line", () => {
    const result = convert(
      { version: 1, hooks: { beforeShellExecution: [{ ...cursorCommand, matcher: "\\bgit\\b" }] } },
      "cursor",
      "claude",
    );
    expect(result.output).toEqual({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [claudeCommand] }] },
    });
    expect(result.lines).toContain(
      'agent-hooks convert: lossy: matcher "\\\\bgit\\\\b" at hooks.beforeShellExecution[0].matcher: filters what Cursor\'s beforeShellExecution acts on (such as the command text), which other formats cannot hold; it is dropped and the hook runs for every call',
    );
  });

  it("carries a matcher naming Cursor's MCP:<tool> only within Cursor", () => {
    const document = {
      version: 1,
      hooks: { preToolUse: [{ ...cursorCommand, matcher: "MCP:create_issue" }] },
    };
    const result = convert(document, "cursor", "claude");
    expect(result.lines).toContain(
      'agent-hooks convert: lossy: matcher "MCP:create_issue" at hooks.preToolUse[0].matcher: the regular expression names Cursor tools and cannot be translated reliably; it is carried as is',
    );
    expect(convert(document, "cursor", "cursor").output).toEqual(document);
  });
});

describe("a Claude guard, converted to Cursor and back", () => {
  it("is a preToolUse entry on ^Shell$ with its timeout in seconds, and comes back unchanged", () => {
    const there = convert(guard, "claude", "cursor");
    expect(there.output).toEqual(cursorGuard);
    expect(there.lossy).toBe(false);
    const back = convert(there.output, "cursor", "claude");
    expect(back.output).toEqual(guard);
    expect(back.lines).toEqual([
      'agent-hooks convert: note: matcher "^Shell$" at hooks.preToolUse[0].matcher: Cursor tool Shell is written as its public name Bash',
    ]);
  });
});

describe("Cursor's entry fields", () => {
  it("always writes the timeout, and notes entries read without one", () => {
    const there = convert(
      { hooks: { Stop: [{ hooks: [{ type: "command", command: "./hook.sh" }] }] } },
      "claude",
      "cursor",
    );
    expect(there.output).toEqual({
      version: 1,
      hooks: { stop: [{ command: "./hook.sh", timeout: 600 }] },
    });
    const read = convert(
      { version: 1, hooks: { stop: [{ command: "./hook.sh" }] } },
      "cursor",
      "claude",
    );
    expect(read.output).toEqual({
      hooks: { Stop: [{ hooks: [{ type: "command", command: "./hook.sh", timeout: 60 }] }] },
    });
    expect(read.lines).toEqual([
      "agent-hooks convert: note: entries without a timeout get Cursor's default timeout, for which its docs give no number; they are read as 60 s",
    ]);
    expect(cursorFormat.timeoutUnit).toBe("seconds");
  });

  it("keeps failClosed and loop_limit within Cursor, and names what dropping them changes", () => {
    const document = {
      version: 1,
      hooks: {
        beforeShellExecution: [{ command: "./guard.sh", timeout: 10, failClosed: true }],
        stop: [{ command: "./follow-up.sh", timeout: 30, loop_limit: 3 }],
      },
    };
    expect(convert(document, "cursor", "cursor").output).toEqual(document);
    const result = convert(document, "cursor", "claude");
    expect(result.lines).toContain(
      'agent-hooks convert: lossy: "failClosed" at hooks.beforeShellExecution[0].failClosed: Claude Code has no such field; it is dropped (the action is no longer blocked when the hook fails, times out or prints invalid JSON)',
    );
    expect(result.lines).toContain(
      'agent-hooks convert: lossy: "loop_limit" at hooks.stop[0].loop_limit: Claude Code has no such field; it is dropped (its cap on automatic stop follow-ups is not carried)',
    );
  });

  it("keeps a prompt entry within Cursor and drops it elsewhere", () => {
    const document = {
      version: 1,
      hooks: { stop: [{ type: "prompt", prompt: "Is the task done?", timeout: 30 }] },
    };
    expect(convert(document, "cursor", "cursor").output).toEqual(document);
    const result = convert(document, "cursor", "claude");
    expect(result.lines).toEqual([
      'agent-hooks convert: lossy: "prompt" handler at hooks.stop[0]: only command handlers are converted between formats; the hook is dropped',
    ]);
  });

  it("notes a version other than 1, and reports $CURSOR_PLUGIN_ROOT elsewhere", () => {
    const result = convert(
      { version: 2, hooks: { stop: [{ command: "$CURSOR_PLUGIN_ROOT/stop.sh", timeout: 5 }] } },
      "cursor",
      "claude",
    );
    expect(result.lines).toEqual([
      'agent-hooks convert: note: "version" 2 at version: Cursor hook files declare version 1; the file is read as version 1',
      "agent-hooks convert: lossy: $CURSOR_PLUGIN_ROOT at hooks.stop[0].command: Cursor sets CURSOR_PLUGIN_ROOT for its hooks but Claude Code does not, so the command sees it empty",
    ]);
  });

  it("drops a matcher on an event Cursor fires without one, with a lossy line", () => {
    const result = convert(
      { hooks: { SessionStart: [{ matcher: "startup", hooks: [claudeCommand] }] } },
      "claude",
      "cursor",
    );
    expect(result.output).toEqual({ version: 1, hooks: { sessionStart: [cursorCommand] } });
    expect(result.lines).toContain(
      'agent-hooks convert: lossy: matcher "startup" at hooks.SessionStart[0].matcher: Cursor ignores matchers on sessionStart; the hook is kept and fires on every sessionStart',
    );
  });

  it("rejects a document whose hooks is not an object", () => {
    const result = convertHooks({
      text: JSON.stringify({ version: 1, hooks: [] }),
      file: "hooks.json",
      from: "cursor",
      to: "claude",
    });
    expect(result).toEqual({
      ok: false,
      error: 'hooks.json: "hooks" must be an object keyed by event name',
    });
  });
});

describe("one fact, one row: convert reads the cursor profile", () => {
  it("reads each tool-specific event, its tools and its payload from the profile row", () => {
    const events: Readonly<Record<string, EventSpec>> = cursorProfile.events;
    const rows = Object.entries(events).filter(([, spec]) => spec.tools !== undefined);
    expect(Object.keys(cursorToolEvents).sort()).toEqual(rows.map(([name]) => name).sort());
    for (const [name, spec] of rows) {
      const event = cursorToolEvents[name as keyof typeof cursorToolEvents];
      expect([event.event, event.matcher]).toEqual([spec.canonical, spec.tools?.join("|")]);
    }
  });

  it("reads event names, tool names and the default timeout from the profile", () => {
    for (const [canonical, name] of Object.entries(cursorEventNames)) {
      const events: Readonly<Record<string, EventSpec>> = cursorProfile.events;
      expect(events[name]?.canonical).toBe(canonical);
    }
    expect(cursorToolNames).toEqual(cursorProfile.canonicalToolNames);
    expect([cursorFormat.defaultTimeoutSeconds, cursorFormat.timeoutUnit]).toEqual([
      cursorProfile.defaultTimeoutSeconds,
      cursorProfile.timeoutUnit,
    ]);
  });
});
