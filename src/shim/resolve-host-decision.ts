import { claudeProfile } from "../profiles/claude.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { resolveShimDecisionKind, type ShimDecisionKind } from "./resolve-shim-decision-kind.js";
import { shimFormatTitles } from "./shim-format-titles.js";
import type { ShimFormatName, ShimVerdict } from "./shim-types.js";

/** Host events where a hook can ask the user to confirm a tool call (`ask`). */
const askingEvents = {
  claude: ["PreToolUse"],
  // Codex's PreToolUse rejects `ask` (developers.openai.com/codex/hooks).
  codex: [],
  // Gemini CLI's decision is allow or deny (geminicli.com/docs/hooks/reference).
  gemini: [],
  // beforeReadFile takes allow or deny only.
  cursor: ["beforeShellExecution", "beforeMCPExecution", "preToolUse"],
} as const satisfies Record<ShimFormatName, readonly string[]>;

/** Host events that apply a hook's rewritten tool input, and the decisions that carry it. */
const rewritingEvents = {
  claude: { events: ["PreToolUse"], decisions: claudeProfile.updatedInputDecisions },
  codex: { events: ["PreToolUse"], decisions: zerocodeProfile.updatedInputDecisions },
  // hookSpecificOutput.tool_input on BeforeTool (geminicli.com/docs/hooks/reference).
  gemini: { events: ["BeforeTool"], decisions: ["allow", null] },
  // No documented field rewrites a Cursor tool call.
  cursor: { events: [], decisions: [] },
} as const satisfies Record<
  ShimFormatName,
  { events: readonly string[]; decisions: readonly (string | null)[] }
>;

/** The decision a host event receives, with its reason and what could not be carried. */
export interface HostDecision {
  kind: ShimDecisionKind;
  decision: "allow" | "deny" | "ask" | "block" | null;
  reason: string | null;
  /** Sentences for `agent-hooks shim: lossy:` lines. */
  lossy: string[];
  /** The hook's failure, for stderr (the decision denies or blocks where the event can); null otherwise. */
  failure: string | null;
}

/**
 * Fits a verdict's decision to what the host event can decide: a failure blocks (fails closed)
 * where the event can block; `ask` where the host cannot ask, `continue: false` where it cannot
 * stop, and a rewritten tool input the host cannot apply become a deny or block; a deny never
 * becomes an allow.
 *
 * @example
 * ```ts
 * resolveHostDecision("gemini", "BeforeTool", createShimVerdict({ decision: "ask", reason: "check" })).decision; // "deny"
 * ```
 */
export function resolveHostDecision(
  host: ShimFormatName,
  hostEvent: string,
  verdict: ShimVerdict,
  canStop: boolean,
): HostDecision {
  const kind = resolveShimDecisionKind(host, hostEvent);
  const title = shimFormatTitles[host];
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
  } else if (decision === "ask" && !(askingEvents[host] as readonly string[]).includes(hostEvent)) {
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
    const rewriting = rewritingEvents[host];
    const applies =
      (rewriting.events as readonly string[]).includes(hostEvent) &&
      (rewriting.decisions as readonly (string | null)[]).includes(result.decision);
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
