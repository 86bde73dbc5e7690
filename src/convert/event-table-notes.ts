import type { FormatName } from "./portable-hooks.js";

/**
 * What converting a hook into one cell of the event × format table loses beyond what the format
 * tables say (an ignored matcher, an exact matcher, a timeout cap, no `if`): facts about the
 * agent's event, with their sources in docs/convert.md. Keyed by format, then canonical event.
 */
export const eventTableNotes: Readonly<
  Partial<Record<FormatName, Readonly<Partial<Record<string, string>>>>>
> = {
  cursor: {
    PreToolUse:
      "Cursor: written as `preToolUse` with a matcher over Cursor's tool names (`Bash` → `^Shell$`); a hook on every MCP tool (`mcp__.*`) as `beforeMCPExecution`. Named MCP tools (`mcp__github__create_issue`) are lossy: Cursor names MCP tools `MCP:<tool>`, without the server, so such a hook is widened to every MCP tool. `beforeShellExecution`, `beforeMCPExecution` and `beforeReadFile` are read as PreToolUse on `Bash`, `mcp__.*` and `Read` (a note: their payloads differ), and a `matcher` on them, which filters the command text, is lossy.",
    PostToolUse:
      "Cursor: written as `postToolUse` with a matcher, or `afterMCPExecution` for `mcp__.*`; `afterShellExecution`, `afterMCPExecution` and `afterFileEdit` are read as PostToolUse on `Bash`, `mcp__.*` and `Edit|Write` (a note: their payloads differ).",
    UserPromptSubmit:
      "Cursor: `beforeSubmitPrompt` can stop the prompt (`continue: false`, `user_message`) but not add context to it, so a hook that adds context there has no effect.",
    Stop: "Cursor: `stop` has no block decision; a hook keeps the agent going by returning `followup_message`, sent as the next user message, at most `loop_limit` times in a row.",
  },
};
