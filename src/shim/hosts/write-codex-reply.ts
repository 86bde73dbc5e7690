import { checkCodexOutput } from "../../convert/check-codex-output.js";
import { createShimVerdict } from "../create-shim-verdict.js";
import type { ShimVerdict } from "../shim-types.js";
import type { ProfileShimHost } from "./profile-host.js";
import type { WrittenReply } from "./shim-host.js";
import { writeProfileReply } from "./write-profile-reply.js";

/**
 * A verdict as Codex 0.169 reads it: the reply of the `codex` profile's table, fitted to what the
 * real binary accepts (the profile's `strictOutput`), then checked against its output schema and
 * rules (`checkCodexOutput`) before it is written. An `allow` without a rewrite is left out (Codex
 * fails such a hook); a reply that would still fail the hook is the event's deny or block (fails
 * closed), or nothing on an event that cannot block, with the rules it broke on stderr.
 *
 * @example
 * ```ts
 * writeCodexReply(codexHost, "PreToolUse", createShimVerdict({ decision: "deny" })).output;
 * // { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "Blocked by the hook" } }
 * ```
 */
export function writeCodexReply(
  host: ProfileShimHost,
  hostEvent: string,
  verdict: ShimVerdict,
): WrittenReply {
  return fitCodexReply(host, hostEvent, writeProfileReply(host, hostEvent, verdict));
}

/**
 * A written reply as Codex 0.169 accepts it: a bare `allow` left out, and a reply that would still
 * break `checkCodexOutput` replaced by the event's fail-closed deny or block (or by nothing where
 * the event cannot block), its rules named in the failure.
 *
 * @example
 * ```ts
 * fitCodexReply(codexHost, "PreToolUse", { output: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask" } }, decision }).output;
 * // { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "agent-hooks shim: the hook failed (its reply would break …), so PreToolUse is denied (fails closed)" } }
 * ```
 */
export function fitCodexReply(
  host: ProfileShimHost,
  hostEvent: string,
  written: WrittenReply,
): WrittenReply {
  const problems = listProblems(hostEvent, written.output);
  if (problems.length === 0) return written;
  const failure = `its reply would break Codex 0.169's ${hostEvent} output rules (${problems.join("; ")})`;
  const closed = writeProfileReply(host, hostEvent, createShimVerdict({ failure }));
  closed.decision.lossy.unshift(...written.decision.lossy);
  if (listProblems(hostEvent, closed.output).length === 0) return closed;
  // Nothing Codex accepts says more here: it goes on as if the hook had not answered.
  return { output: {}, decision: closed.decision };
}

function listProblems(hostEvent: string, output: Record<string, unknown>): string[] {
  return Object.keys(output).length === 0 ? [] : checkCodexOutput(hostEvent, output);
}
