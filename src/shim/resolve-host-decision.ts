import { type HostDecision, readDecisionKind, type ShimHost } from "./hosts/shim-host.js";
import type { ShimVerdict } from "./shim-types.js";

/**
 * Fits a verdict's decision to what the host event can decide: a failure blocks (fails closed)
 * where the event can block; `ask` where the host cannot ask, `continue: false` where it cannot
 * stop, and a rewritten tool input the host cannot apply become a deny or block; a deny never
 * becomes an allow.
 *
 * @example
 * ```ts
 * resolveHostDecision(codexHost, "PreToolUse", createShimVerdict({ decision: "ask", reason: "check" })).decision; // "deny"
 * ```
 */
export function resolveHostDecision(
  host: Pick<ShimHost, "title" | "decisions">,
  hostEvent: string,
  verdict: ShimVerdict,
  canStop: boolean,
): HostDecision {
  const kind = readDecisionKind(host, hostEvent);
  const title = host.title;
  const lossy = [...verdict.problems];
  const refusal = kind === "permission" ? "deny" : "block";
  const result: HostDecision = {
    kind,
    decision: null,
    reason: verdict.reason,
    lossy,
    failure: verdict.failure,
  };
  if (verdict.failure !== null) {
    if (kind === "none") return result;
    result.decision = refusal;
    result.reason = `agent-hooks shim: the hook failed (${verdict.failure}), so ${hostEvent} is ${refusal === "deny" ? "denied" : "blocked"} (fails closed)`;
    return result;
  }
  const decision = verdict.decision;
  if (kind === "none") {
    if (decision === "deny" || decision === "block" || decision === "ask") {
      lossy.push(`the hook's ${decision} cannot be carried: ${title}'s ${hostEvent} cannot block`);
    }
  } else if (decision === "ask" && !host.decisions.askingEvents.includes(hostEvent)) {
    result.decision = refusal;
    const why = verdict.reason === null ? "" : `: ${verdict.reason}`;
    result.reason = `The hook asked for the user's confirmation${why}. ${title} cannot ask on ${hostEvent}, so it is ${refusal === "deny" ? "denied" : "blocked"}`;
    lossy.push(`ask is not available on ${title}'s ${hostEvent}; it became ${refusal}`);
  } else if (kind === "permission") {
    result.decision = decision === "block" ? "deny" : decision;
  } else {
    result.decision =
      decision === "deny" || decision === "ask" || decision === "block" ? "block" : null;
  }
  if (!verdict.continue && !canStop) {
    const why = verdict.stopReason ?? "the hook asked to stop the agent";
    if (kind === "none") {
      lossy.push(
        `continue: false cannot be carried: ${title}'s ${hostEvent} cannot stop the agent`,
      );
    } else if (result.decision !== "deny" && result.decision !== "block") {
      result.decision = refusal;
      result.reason = why;
      lossy.push(`continue: false cannot stop ${title} on ${hostEvent}; it became ${refusal}`);
    }
  }
  // A rewrite allows the call only as rewritten: where the host cannot apply it, the call as the
  // agent asked it was never allowed, so it is denied rather than run unchanged.
  if (verdict.updatedInput !== null && kind === "permission" && result.decision !== "deny") {
    const rewriting = host.decisions.rewritingEvents;
    const applies =
      rewriting.events.includes(hostEvent) && rewriting.decisions.includes(result.decision);
    if (!applies) {
      result.decision = "deny";
      result.reason = `The hook rewrote the tool input, which ${title} cannot apply on ${hostEvent}, so the call is denied rather than run unchanged`;
      lossy.push(
        `the rewritten tool input cannot be applied on ${title}'s ${hostEvent}; the call is denied rather than run unchanged`,
      );
    }
  }
  // An empty reason is none: Cursor reads an empty followup_message as no follow-up at all.
  const refused = result.decision === "deny" || result.decision === "block";
  if (refused && (result.reason === null || result.reason.trim() === "")) {
    const message = verdict.userMessage?.trim() ?? "";
    result.reason = message === "" ? "Blocked by the hook" : message;
  }
  return result;
}
