import { isProfileShimFormat } from "./shim-profiles.js";
import type { HostReply, ShimFormatName, ShimVerdict } from "./shim-types.js";
import { writeCodexReply } from "./write-codex-reply.js";
import { writeCopilotReply } from "./write-copilot-reply.js";
import { writeCursorReply } from "./write-cursor-reply.js";
import { writeGeminiReply } from "./write-gemini-reply.js";
import { type WrittenReply, writeProfileReply } from "./write-profile-reply.js";

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
 * becomes an allow.
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
  const written = writeReply(input);
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

function writeReply({ host, hostEvent, verdict }: HostReplyInput): WrittenReply {
  // Codex 0.169 is stricter than the protocol its docs describe (the zerocode profile's).
  if (host === "codex") return writeCodexReply(hostEvent, verdict);
  if (isProfileShimFormat(host)) return writeProfileReply(host, hostEvent, verdict);
  switch (host) {
    case "gemini":
      return writeGeminiReply(hostEvent, verdict);
    case "cursor":
      return writeCursorReply(hostEvent, verdict);
    case "copilot":
      return writeCopilotReply(hostEvent, verdict);
  }
}
