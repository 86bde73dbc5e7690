import { readCanonicalEvent } from "./hosts/shim-host.js";
import { shimHosts } from "./hosts/shim-hosts.js";
import type { ShimFormatName, TranslatedPayload } from "./shim-types.js";

/** What the shim knows when the host's payload arrives: both protocols, the event, the payload. */
export interface HostPayloadInput {
  /** The protocol the hook script was written for. */
  hook: ShimFormatName;
  /** The agent running the shim. */
  host: ShimFormatName;
  /** The event as the host names it (`beforeShellExecution`). */
  hostEvent: string;
  /** The host's payload, parsed from stdin. */
  payload: Record<string, unknown>;
}

/**
 * Rewrites the host's payload for the hook, by the two protocols' host modules (`hosts/<name>.ts`):
 * the host's module reads it into the canonical (Claude Code) shape, the hook's module writes that
 * in the hook's protocol; the event name (host spelling → canonical → hook spelling), field names,
 * tool names and input shapes; `ok: false` when the host has no such event or the hook's protocol
 * has no counterpart of it.
 *
 * @example
 * ```ts
 * translateHostPayload({
 *   host: "cursor",
 *   hook: "claude",
 *   hostEvent: "beforeShellExecution",
 *   payload: { conversation_id: "c1", command: "rm -rf /", cwd: "/p", workspace_roots: ["/p"] },
 * });
 * // { ok: true, hookEvent: "PreToolUse",
 * //   payload: { session_id: "c1", cwd: "/p", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf /" } },
 * //   problems: [] }
 * ```
 */
export function translateHostPayload(input: HostPayloadInput): TranslatedPayload {
  const host = shimHosts[input.host];
  const event = readCanonicalEvent(host, input.hostEvent);
  if (event === null) {
    return { ok: false, error: `"${input.hostEvent}" is not a ${host.title} hook event` };
  }
  const canonical = host.readPayload(input.hostEvent, event, input.payload);
  if (!canonical.ok) return canonical;
  const hook = shimHosts[input.hook];
  const toolName = canonical.payload.tool_name;
  const hookEvent = hook.events.writeName(
    canonical.event,
    typeof toolName === "string" ? toolName : null,
  );
  if (hookEvent === null) {
    return { ok: false, error: `${hook.title} has no counterpart of the ${canonical.event} event` };
  }
  const written = hook.writePayload(hookEvent, canonical.payload, canonical.event);
  if (!written.ok) return written;
  return { ...written, problems: [...canonical.problems, ...written.problems] };
}
