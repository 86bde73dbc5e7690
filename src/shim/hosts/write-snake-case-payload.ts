import type { SnakeCasePayload } from "./read-snake-case-payload.js";
import type { ShimHost } from "./shim-host.js";

/**
 * Writes a canonical (Claude Code) payload for a host whose fields are Claude Code's: the host's
 * event name and tool name.
 *
 * @example
 * ```ts
 * writeSnakeCasePayload(geminiHost, "BeforeTool", { tool_name: "Bash" }).payload;
 * // { tool_name: "run_shell_command", hook_event_name: "BeforeTool" }
 * ```
 */
export function writeSnakeCasePayload(
  host: Pick<ShimHost, "tools">,
  hookEvent: string,
  canonical: Record<string, unknown>,
): SnakeCasePayload {
  const payload: Record<string, unknown> = { ...canonical, hook_event_name: hookEvent };
  if (typeof canonical.tool_name === "string") {
    payload.tool_name = host.tools.writeName(canonical.tool_name);
  }
  return { payload, problems: [] };
}
