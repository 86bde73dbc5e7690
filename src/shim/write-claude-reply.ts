import { claudeProfile } from "../profiles/claude.js";
import type { Profile } from "../profiles/profile.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { type HostDecision, resolveHostDecision } from "./resolve-host-decision.js";
import type { ShimVerdict } from "./shim-types.js";

/** A reply's JSON fields, and the decision they carry. */
export interface WrittenReply {
  output: Record<string, unknown>;
  decision: HostDecision;
}

/**
 * A verdict as Claude Code's or Codex's hook output on exit 0 (`hookSpecificOutput.permissionDecision`,
 * `decision: "block"`, `continue`, `systemMessage`, `additionalContext`, `updatedInput`), with
 * the fields the event's row in the profile table (`claude`, or `zerocode` for Codex) takes.
 *
 * @example
 * ```ts
 * writeClaudeReply("claude", "Stop", createShimVerdict({ decision: "block", reason: "tests fail" })).output;
 * // { decision: "block", reason: "tests fail" }
 * ```
 */
export function writeClaudeReply(
  host: "claude" | "codex",
  hostEvent: string,
  verdict: ShimVerdict,
): WrittenReply {
  const profile: Profile = host === "claude" ? claudeProfile : zerocodeProfile;
  const spec = Object.hasOwn(profile.events, hostEvent) ? profile.events[hostEvent] : undefined;
  const topLevel: readonly string[] = spec?.topLevelFields.supported ?? [];
  const specificFields: readonly string[] = spec?.specificFields.supported ?? [];
  const canStop = topLevel.includes("continue") && spec?.honorsContinue === true;
  const decision = resolveHostDecision(host, hostEvent, verdict, canStop);
  const { lossy } = decision;
  const output: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  if (!verdict.continue && canStop) {
    output.continue = false;
    if (verdict.stopReason !== null) output.stopReason = verdict.stopReason;
  }
  if (verdict.userMessage !== null) {
    if (topLevel.includes("systemMessage")) output.systemMessage = verdict.userMessage;
    else
      lossy.push(
        `the user message has no place on ${profile.title}'s ${hostEvent}: ${verdict.userMessage}`,
      );
  }
  const chosen = decision.decision;
  if (chosen !== null && spec !== undefined) {
    if (spec.decisionKind === "permission") {
      specific.permissionDecision = chosen;
      if (decision.reason !== null) specific.permissionDecisionReason = decision.reason;
    } else if (spec.decisionKind === "permission-request" && chosen !== "ask") {
      specific.decision = {
        behavior: chosen === "allow" ? "allow" : "deny",
        ...(decision.reason === null ? {} : { message: decision.reason }),
      };
    } else if (chosen === "block") {
      output.decision = "block";
      output.reason = decision.reason;
    }
  }
  const context = verdict.additionalContext.join("\n");
  if (context !== "") {
    if (specificFields.includes("additionalContext")) specific.additionalContext = context;
    else lossy.push(`context has no place on ${profile.title}'s ${hostEvent}: ${context}`);
  }
  if (verdict.updatedInput !== null) {
    const accepted: readonly string[] = profile.updatedInputDecisions;
    if (spec?.decisionKind === "permission" && chosen !== null && accepted.includes(chosen)) {
      specific.updatedInput = verdict.updatedInput;
    } else if (chosen !== "deny") {
      lossy.push(
        `the rewritten tool input cannot be carried on ${profile.title}'s ${hostEvent} with this decision; it is dropped`,
      );
    }
  }
  if (Object.keys(specific).length > 0) {
    output.hookSpecificOutput = { hookEventName: hostEvent, ...specific };
  }
  return { output, decision };
}
