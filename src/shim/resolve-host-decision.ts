import type { Profile } from "../profiles/profile.js";
import { describeShimFormat } from "./describe-shim-format.js";
import { resolveShimDecisionKind, type ShimDecisionKind } from "./resolve-shim-decision-kind.js";
import { isProfileShimFormat, type ProfileShimFormat, selectShimProfile } from "./shim-profiles.js";
import type { ShimFormatName, ShimVerdict } from "./shim-types.js";

/** Which host events apply a rewritten tool input, and with which decisions. */
interface RewritingEvents {
  events: readonly string[];
  decisions: readonly (string | null)[];
}

/**
 * Host events without a profile where a hook can ask the user to confirm a tool call (`ask`);
 * a format with a profile asks where its table's permission rows take `ask`.
 */
const askingEvents = {
  // Gemini CLI 0.61.0 asks the user on BeforeTool's `decision: "ask"` (gemini-cli-core
  // scheduler: `isAskDecision()` forces `PolicyDecision.ASK_USER`), though its docs name no ask.
  gemini: ["BeforeTool"],
  // beforeReadFile takes allow or deny only.
  cursor: ["beforeShellExecution", "beforeMCPExecution", "preToolUse"],
  // permissionRequest takes allow or deny only (docs.github.com, Copilot CLI hooks reference).
  copilot: ["preToolUse", "PreToolUse"],
} as const satisfies Record<Exclude<ShimFormatName, ProfileShimFormat>, readonly string[]>;

/**
 * Host events without a profile that apply a hook's rewritten tool input, and the decisions that
 * carry it; a format with a profile rewrites where its table's permission rows take
 * `updatedInput`, with the profile's `updatedInputDecisions`.
 */
const rewritingEvents = {
  // hookSpecificOutput.tool_input on BeforeTool (geminicli.com/docs/hooks/reference); Gemini
  // CLI 0.61.0 builds the tool from it before it asks the user.
  gemini: { events: ["BeforeTool"], decisions: ["allow", "ask", null] },
  // No documented field rewrites a Cursor tool call.
  cursor: { events: [], decisions: [] },
  // preToolUse's modifiedArgs (docs.github.com, Copilot CLI hooks reference), sent with an allow.
  copilot: { events: ["preToolUse", "PreToolUse"], decisions: ["allow"] },
} as const satisfies Record<Exclude<ShimFormatName, ProfileShimFormat>, RewritingEvents>;

/** The permission rows of a profile that take `ask` (Codex and ZeroCode reject it). */
function listAskingEvents(profile: Profile): readonly string[] {
  return Object.entries(profile.events)
    .filter(
      ([, spec]) =>
        spec.decisionKind === "permission" && spec.permissionDecisions?.ask !== "unsupported",
    )
    .map(([event]) => event);
}

/** The permission rows of a profile that apply `updatedInput` (Deep Agents Code parses it only). */
function listRewritingEvents(profile: Profile): RewritingEvents {
  const events = Object.entries(profile.events)
    .filter(
      ([, spec]) =>
        spec.decisionKind === "permission" &&
        (spec.specificFields.supported as readonly string[]).includes("updatedInput"),
    )
    .map(([event]) => event);
  return { events, decisions: profile.updatedInputDecisions };
}

function selectAskingEvents(host: ShimFormatName): readonly string[] {
  return isProfileShimFormat(host) ? listAskingEvents(selectShimProfile(host)) : askingEvents[host];
}

function selectRewritingEvents(host: ShimFormatName): RewritingEvents {
  return isProfileShimFormat(host)
    ? listRewritingEvents(selectShimProfile(host))
    : rewritingEvents[host];
}

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
  const title = describeShimFormat(host);
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
  } else if (decision === "ask" && !selectAskingEvents(host).includes(hostEvent)) {
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
    const rewriting = selectRewritingEvents(host);
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
