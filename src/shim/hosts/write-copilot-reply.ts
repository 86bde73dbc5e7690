import { resolveHostDecision } from "../resolve-host-decision.js";
import type { ShimVerdict } from "../shim-types.js";
import { findCopilotEvent } from "./copilot-events.js";
import type { ShimHost, WrittenReply } from "./shim-host.js";

/**
 * A verdict as Copilot CLI's hook output on exit 0 (docs.github.com, "GitHub Copilot CLI hooks
 * reference", 2026), in the field names of the event's row in the `copilot` profile
 * (`outputFields`): `permissionDecision`, `permissionDecisionReason` and `modifiedArgs` on
 * `preToolUse`; `behavior` and `message` on `permissionRequest` (and `interrupt`, which the profile
 * has no row for); `decision: "block"` and `reason` on `agentStop` / `subagentStop`;
 * `additionalContext` where a row maps it. Copilot CLI has no `continue` or user message: those
 * are lossy (a stop becomes a deny or block).
 *
 * @example
 * ```ts
 * writeCopilotReply(copilotHost, "preToolUse", createShimVerdict({ decision: "deny", reason: "no rm" })).output;
 * // { permissionDecision: "deny", permissionDecisionReason: "no rm" }
 * ```
 */
export function writeCopilotReply(
  host: Pick<ShimHost, "title" | "events" | "decisions">,
  hostEvent: string,
  verdict: ShimVerdict,
): WrittenReply {
  const { event, spec } = findCopilotEvent(host, hostEvent);
  // The hook's own name of an engine field on this event (`message` for the reason), or null.
  const spell = (field: string): string | null =>
    spec?.outputFields?.find((mapping) => mapping.to === `hookSpecificOutput.${field}`)?.from ??
    null;
  const decision = resolveHostDecision(host, hostEvent, verdict, false);
  const { lossy } = decision;
  const output: Record<string, unknown> = {};
  const chosen = decision.decision;
  const decisionField = spell("permissionDecision");
  if (spec?.decisionKind === "permission" && decisionField !== null) {
    if (chosen !== null && chosen !== "block") {
      output[decisionField] = chosen;
      const reasonField = spell("permissionDecisionReason");
      if (decision.reason !== null && reasonField !== null) output[reasonField] = decision.reason;
      if (event === "permissionRequest" && chosen === "deny" && !verdict.continue) {
        output.interrupt = true;
      }
    }
    // A rewrite goes with the decisions the profile applies it with (none at all included).
    const rewriteField = spell("updatedInput");
    const rewriting = host.decisions.rewritingEvents;
    const rewrites = rewriting.events.includes(hostEvent) && rewriting.decisions.includes(chosen);
    if (verdict.updatedInput !== null && rewriteField !== null && rewrites) {
      output[rewriteField] = verdict.updatedInput;
    }
  } else if (chosen === "block") {
    output.decision = "block";
    output.reason = decision.reason;
  }
  if (verdict.userMessage !== null) {
    lossy.push(
      `the user message has no place on Copilot CLI's ${hostEvent}: ${verdict.userMessage}`,
    );
  }
  const context = verdict.additionalContext.join("\n");
  const contextField = spell("additionalContext");
  if (context !== "") {
    if (contextField !== null) output[contextField] = context;
    else lossy.push(`context has no place on Copilot CLI's ${hostEvent}: ${context}`);
  }
  return { output, decision };
}
