import { cursorProfile } from "../../profiles/cursor.js";
import { findEventSpec } from "../../profiles/find-event-spec.js";
import { resolveHostDecision } from "../resolve-host-decision.js";
import type { ShimVerdict } from "../shim-types.js";
import type { ShimHost, WrittenReply } from "./shim-host.js";

/**
 * A verdict as Cursor's hook output on exit 0, in the field names of the event's row in the
 * `cursor` profile (`outputFields`): `permission` allow/deny/ask with `user_message` and
 * `agent_message` where the row maps them (`permission` alone on beforeReadFile) and
 * `updated_input` on preToolUse, `continue` and `user_message` on beforeSubmitPrompt,
 * `followup_message` on stop, `additional_context` where a row maps it; other events take nothing.
 *
 * @example
 * ```ts
 * writeCursorReply(cursorHost, "beforeShellExecution", createShimVerdict({ decision: "deny", reason: "no rm" })).output;
 * // { permission: "deny", user_message: "no rm", agent_message: "no rm" }
 * ```
 */
export function writeCursorReply(
  host: Pick<ShimHost, "title" | "decisions">,
  hostEvent: string,
  verdict: ShimVerdict,
): WrittenReply {
  const spec = findEventSpec(cursorProfile, hostEvent);
  // Cursor's name of an engine field on this event (`agent_message` for the reason), or null.
  const spell = (to: string): string | null =>
    spec?.outputFields?.find((mapping) => mapping.to === to)?.from ?? null;
  const topLevel: readonly string[] = spec?.topLevelFields.supported ?? [];
  const canStop = false;
  const decision = resolveHostDecision(host, hostEvent, verdict, canStop);
  const { lossy } = decision;
  const output: Record<string, unknown> = {};
  const chosen = decision.decision;
  let messageCarried = false;
  const permissionField = spell("hookSpecificOutput.permissionDecision");
  const reasonField = spell("hookSpecificOutput.permissionDecisionReason");
  const userField = spell("systemMessage");
  const rewriteField = spell("hookSpecificOutput.updatedInput");
  const followupField = spell("reason");
  const stopReasonField = spell("stopReason");
  let rewriteCarried = false;
  if (decision.kind === "permission" && permissionField !== null) {
    if (chosen !== null && chosen !== "block") output[permissionField] = chosen;
    const message = verdict.userMessage ?? decision.reason;
    if (reasonField !== null && (chosen === "deny" || chosen === "ask") && message !== null) {
      if (userField !== null) output[userField] = message;
      if (decision.reason !== null) output[reasonField] = decision.reason;
      messageCarried = true;
    }
    if (!messageCarried && (chosen === "deny" || chosen === "ask") && decision.reason !== null) {
      lossy.push(
        `Cursor's ${hostEvent} takes no message; the reason is not shown: ${decision.reason}`,
      );
    }
    const rewriting = host.decisions.rewritingEvents;
    if (
      verdict.updatedInput !== null &&
      rewriteField !== null &&
      chosen !== "deny" &&
      rewriting.events.includes(hostEvent) &&
      rewriting.decisions.includes(chosen)
    ) {
      output[rewriteField] = verdict.updatedInput;
      rewriteCarried = true;
    }
  } else if (topLevel.includes("continue") && spec?.honorsContinue === true) {
    // beforeSubmitPrompt: `continue: false` refuses the prompt, its stopReason field says why.
    output.continue = chosen !== "block";
    if (chosen === "block" && stopReasonField !== null) {
      output[stopReasonField] = verdict.userMessage ?? decision.reason;
      messageCarried = true;
    }
  } else if (chosen === "block" && followupField !== null) {
    output[followupField] = decision.reason;
    messageCarried = true;
  }
  if (verdict.userMessage !== null && !messageCarried && verdict.userMessage !== decision.reason) {
    lossy.push(`the user message has no place on Cursor's ${hostEvent}: ${verdict.userMessage}`);
  }
  if (chosen === "allow" && verdict.reason !== null && decision.kind === "permission") {
    lossy.push(`the allow's reason has no place on Cursor's ${hostEvent}: ${verdict.reason}`);
  }
  const context = verdict.additionalContext.join("\n");
  const contextField = spell("hookSpecificOutput.additionalContext");
  if (context !== "") {
    if (contextField !== null) output[contextField] = context;
    else lossy.push(`context has no place on Cursor's ${hostEvent}: ${context}`);
  }
  // On a tool call a rewrite Cursor cannot apply already turned the decision into a deny.
  if (verdict.updatedInput !== null && chosen !== "deny" && !rewriteCarried) {
    lossy.push(`Cursor's ${hostEvent} takes no rewritten tool input; the rewrite is dropped`);
  }
  if (!verdict.continue && chosen !== "deny" && chosen !== "block") {
    lossy.push(`continue: false cannot be carried: Cursor's ${hostEvent} cannot stop the agent`);
  }
  return { output, decision };
}
