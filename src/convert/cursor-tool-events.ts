/** One of Cursor's tool-specific events: the canonical event and portable matcher it stands for. */
export interface CursorToolEvent {
  event: "PreToolUse" | "PostToolUse";
  /** The matcher in the portable syntax (Claude Code's, public tool names). */
  matcher: string;
  /** What Cursor sends such a hook instead of `tool_name` and `tool_input`, for the read note. */
  payload: string;
}

/**
 * Cursor's tool-specific events (cursor.com/docs/agent/hooks, Cursor 1.7 to 2.x): each fires for
 * one kind of tool call, so it is read as PreToolUse or PostToolUse with that tool's matcher.
 * Only `mcp__.*` is written back to one of them (see `selectCursorToolEvent`).
 */
export const cursorToolEvents = {
  beforeShellExecution: {
    event: "PreToolUse",
    matcher: "Bash",
    payload: "command and cwd",
  },
  afterShellExecution: {
    event: "PostToolUse",
    matcher: "Bash",
    payload: "command, output and duration",
  },
  beforeMCPExecution: {
    event: "PreToolUse",
    matcher: "mcp__.*",
    payload:
      "tool_name (without the mcp__<server>__ prefix), tool_input and the server's url or command",
  },
  afterMCPExecution: {
    event: "PostToolUse",
    matcher: "mcp__.*",
    payload: "tool_name, tool_input, result_json and duration",
  },
  beforeReadFile: {
    event: "PreToolUse",
    matcher: "Read",
    payload: "file_path, content and attachments",
  },
  afterFileEdit: {
    event: "PostToolUse",
    matcher: "Edit|Write",
    payload: "file_path and edits",
  },
} as const satisfies Record<string, CursorToolEvent>;

/** The name of one of Cursor's tool-specific events. */
export type CursorToolEventName = keyof typeof cursorToolEvents;

/** Whether a Cursor event name is one of its tool-specific events. */
export function isCursorToolEvent(name: string): name is CursorToolEventName {
  return Object.hasOwn(cursorToolEvents, name);
}

/**
 * The tool-specific event a portable hook is written on, or null for `preToolUse` /
 * `postToolUse` with a matcher: a hook read from one keeps it, and a hook on every MCP tool
 * (`mcp__.*`) or on named MCP tools (widened, reported lossy) goes to before/afterMCPExecution,
 * since Cursor's preToolUse names MCP tools `MCP:<tool>`.
 *
 * @example
 * ```ts
 * selectCursorToolEvent("PreToolUse", "mcp__.*", null); // "beforeMCPExecution"
 * ```
 */
export function selectCursorToolEvent(
  event: string,
  matcher: string | null,
  originEvent: string | null,
): CursorToolEventName | null {
  if (originEvent !== null && isCursorToolEvent(originEvent)) {
    const spec = cursorToolEvents[originEvent];
    if (spec.event === event && spec.matcher === matcher) return originEvent;
  }
  if (matcher === null || !selectsOnlyMcpTools(matcher)) return null;
  if (event === "PreToolUse") return "beforeMCPExecution";
  if (event === "PostToolUse") return "afterMCPExecution";
  return null;
}

/** `mcp__.*`, or a list of MCP tool names (`mcp__github__create_issue`). */
export function selectsOnlyMcpTools(matcher: string): boolean {
  if (matcher === "mcp__.*") return true;
  return /^mcp__[A-Za-z0-9_-]+(?:\|mcp__[A-Za-z0-9_-]+)*$/.test(matcher);
}
