import type { CanonicalPayload } from "./hosts/shim-host.js";
import { readCanonicalEvent } from "./hosts/shim-host.js";
import { shimHosts } from "./hosts/shim-hosts.js";
import type { ShimFormatName } from "./shim-types.js";

/**
 * Reads a host's event payload into the canonical (Claude Code) shape: the canonical event name,
 * `session_id`, `cwd`, `hook_event_name`, public tool names and Claude Code's tool input shapes,
 * by the host's module (`hosts/<name>.ts`).
 *
 * @example
 * ```ts
 * readHostPayload("cursor", "beforeShellExecution", { conversation_id: "c1", command: "ls", cwd: "/p" });
 * // { ok: true, event: "PreToolUse", payload: { session_id: "c1", cwd: "/p", tool_name: "Bash", tool_input: { command: "ls" }, … }, problems: [] }
 * ```
 */
export function readHostPayload(
  format: ShimFormatName,
  hostEvent: string,
  payload: Record<string, unknown>,
): CanonicalPayload {
  const host = shimHosts[format];
  const event = readCanonicalEvent(host, hostEvent);
  if (event === null) {
    return { ok: false, error: `"${hostEvent}" is not a ${host.title} hook event` };
  }
  return host.readPayload(hostEvent, event, payload);
}
