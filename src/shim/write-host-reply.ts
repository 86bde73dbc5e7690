import { shimHosts } from "./hosts/shim-hosts.js";
import type { HostReply, ShimFormatName, ShimVerdict } from "./shim-types.js";

/** A hook's verdict and the host event it answers. */
export interface HostReplyInput {
  /** The agent running the shim. */
  host: ShimFormatName;
  /** The event as the host names it. */
  hostEvent: string;
  verdict: ShimVerdict;
}

/**
 * Writes a hook's verdict in the host's protocol: JSON on stdout with exit 0, and an
 * `agent-hooks shim: lossy: …` stderr line for each thing the host has no place for. A failure
 * denies or blocks where the event can block (exit 0 and stderr where it cannot); a deny never
 * becomes an allow. The host's module (`hosts/<name>.ts`) writes the JSON.
 *
 * @example
 * ```ts
 * writeHostReply({
 *   host: "cursor",
 *   hostEvent: "beforeShellExecution",
 *   verdict: { decision: "deny", reason: "no rm -rf", userMessage: null, additionalContext: [], continue: true,
 *     stopReason: null, updatedInput: null, problems: [], failure: null },
 * });
 * // { exitCode: 0, stdout: '{"permission":"deny","user_message":"no rm -rf","agent_message":"no rm -rf"}\n', stderr: "" }
 * ```
 */
export function writeHostReply(input: HostReplyInput): HostReply {
  const written = shimHosts[input.host].writeReply(input.hostEvent, input.verdict);
  const { output, decision } = written;
  const lines = decision.lossy.map((sentence) => `agent-hooks shim: lossy: ${sentence}`);
  if (decision.failure !== null) {
    lines.unshift(`agent-hooks shim: the hook failed: ${decision.failure}`);
  }
  return {
    exitCode: 0,
    stdout: Object.keys(output).length === 0 ? "" : `${JSON.stringify(output)}\n`,
    stderr: lines.map((line) => `${line}\n`).join(""),
  };
}
