import { readHostPayload } from "./read-host-payload.js";
import type { ShimFormatName, TranslatedPayload } from "./shim-types.js";
import { writeHookPayload } from "./write-hook-payload.js";

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
 * Rewrites the host's payload for the hook: the event name (host spelling → canonical → hook
 * spelling), field names, tool names and input shapes; `ok: false` when the hook's protocol has no
 * counterpart of the event.
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
  const canonical = readHostPayload(input.host, input.hostEvent, input.payload);
  if (!canonical.ok) return canonical;
  const written = writeHookPayload(input.hook, canonical.event, canonical.payload);
  if (!written.ok) return written;
  return { ...written, problems: [...canonical.problems, ...written.problems] };
}
