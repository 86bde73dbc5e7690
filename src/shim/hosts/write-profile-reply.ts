import type { ShimVerdict } from "../shim-types.js";
import type { ProfileShimHost } from "./profile-host.js";
import type { WrittenReply } from "./shim-host.js";
import { startRowReply } from "./start-row-reply.js";

/**
 * A verdict as the hook output on exit 0 of a format with an engine profile (Claude Code, Codex,
 * Deep Agents Code, ZeroCode, VS Code): `hookSpecificOutput.permissionDecision`,
 * `decision: "block"` (in `hookSpecificOutput` where the row's `blockFields` says so),
 * `continue`, `systemMessage`, `additionalContext`, `updatedInput`, with the fields the event's
 * row in the host's profile table takes; where the host's `allowNeedsRewrite` is set, an allow
 * without a rewrite is sent as no decision, keeping the hook's context.
 *
 * @example
 * ```ts
 * writeProfileReply(claudeHost, "Stop", createShimVerdict({ decision: "block", reason: "tests fail" })).output;
 * // { decision: "block", reason: "tests fail" }
 * ```
 */
export function writeProfileReply(
  host: ProfileShimHost,
  hostEvent: string,
  verdict: ShimVerdict,
): WrittenReply {
  const profile = host.profile;
  const { spec, decision, output } = startRowReply(
    host,
    profile,
    hostEvent,
    verdict,
    () => verdict.userMessage,
    `${profile.title}'s ${hostEvent}`,
  );
  const specificFields: readonly string[] = spec?.specificFields.supported ?? [];
  const { lossy } = decision;
  const specific: Record<string, unknown> = {};
  const chosen = decision.decision;
  if (chosen !== null && spec !== undefined) {
    if (spec.decisionKind === "permission") {
      if (chosen === "allow" && verdict.updatedInput === null && host.allowNeedsRewrite) {
        // Real Codex 0.169 fails a hook whose allow carries no updatedInput, dropping its context.
        const why = decision.reason === null ? "" : ` (${decision.reason})`;
        lossy.push(
          `${host.title} takes allow only with a rewritten tool input: the hook's allow${why} is sent as no decision`,
        );
      } else {
        specific.permissionDecision = chosen;
        if (decision.reason !== null) specific.permissionDecisionReason = decision.reason;
      }
    } else if (spec.decisionKind === "permission-request" && chosen !== "ask") {
      specific.decision = {
        behavior: chosen === "allow" ? "allow" : "deny",
        ...(decision.reason === null ? {} : { message: decision.reason }),
      };
    } else if (chosen === "block") {
      // VS Code's Stop reads its block from hookSpecificOutput (the row's blockFields).
      const target = spec.blockFields === "specific" ? specific : output;
      target.decision = "block";
      target.reason = decision.reason;
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
