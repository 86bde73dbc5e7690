import { readCanonicalToolName, type ShimHost } from "./shim-host.js";

/** A payload in Claude Code's shape, and what could not be carried over, one sentence each. */
export interface SnakeCasePayload {
  payload: Record<string, unknown>;
  problems: string[];
}

/**
 * Reads a payload whose fields are Claude Code's (`session_id`, `tool_name`, `tool_input`) into
 * the canonical shape: the canonical event name and tool name.
 *
 * @example
 * ```ts
 * readSnakeCasePayload(geminiHost, "PreToolUse", { tool_name: "run_shell_command" }).payload;
 * // { tool_name: "Bash", hook_event_name: "PreToolUse" }
 * ```
 */
export function readSnakeCasePayload(
  host: Pick<ShimHost, "tools">,
  event: string,
  payload: Record<string, unknown>,
): SnakeCasePayload {
  const canonical: Record<string, unknown> = { ...payload, hook_event_name: event };
  if (typeof payload.tool_name === "string") {
    canonical.tool_name = readCanonicalToolName(host, payload.tool_name);
  }
  return { payload: canonical, problems: [] };
}
