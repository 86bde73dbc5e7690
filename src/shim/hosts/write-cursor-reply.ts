import { resolveHostDecision } from "../resolve-host-decision.js";
import type { ShimVerdict } from "../shim-types.js";
import type { ShimHost, WrittenReply } from "./shim-host.js";

/** Cursor events whose output carries `user_message` and `agent_message` beside `permission`. */
const messageEvents = ["beforeShellExecution", "beforeMCPExecution", "preToolUse"];

/**
 * A verdict as Cursor's hook output on exit 0: `permission` allow/deny/ask with `user_message`
 * and `agent_message` on the tool events (`permission` alone on beforeReadFile), `continue` on
 * beforeSubmitPrompt, `followup_message` on stop; other events take nothing.
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
  const canStop = false;
  const decision = resolveHostDecision(host, hostEvent, verdict, canStop);
  const { lossy } = decision;
  const output: Record<string, unknown> = {};
  const chosen = decision.decision;
  let messageCarried = false;
  if (decision.kind === "permission") {
    if (chosen !== null && chosen !== "block") output.permission = chosen;
    if (messageEvents.includes(hostEvent) && (chosen === "deny" || chosen === "ask")) {
      output.user_message = verdict.userMessage ?? decision.reason;
      output.agent_message = decision.reason;
      messageCarried = true;
    }
    if (!messageCarried && (chosen === "deny" || chosen === "ask") && decision.reason !== null) {
      lossy.push(
        `Cursor's ${hostEvent} takes no message; the reason is not shown: ${decision.reason}`,
      );
    }
  } else if (hostEvent === "beforeSubmitPrompt") {
    output.continue = chosen !== "block";
    if (chosen === "block") {
      output.user_message = verdict.userMessage ?? decision.reason;
      messageCarried = true;
    }
  } else if (chosen === "block") {
    output.followup_message = decision.reason;
    messageCarried = true;
  }
  if (verdict.userMessage !== null && !messageCarried && verdict.userMessage !== decision.reason) {
    lossy.push(`the user message has no place on Cursor's ${hostEvent}: ${verdict.userMessage}`);
  }
  if (chosen === "allow" && verdict.reason !== null && decision.kind === "permission") {
    lossy.push(`the allow's reason has no place on Cursor's ${hostEvent}: ${verdict.reason}`);
  }
  const context = verdict.additionalContext.join("\n");
  if (context !== "") lossy.push(`context has no place on Cursor's ${hostEvent}: ${context}`);
  // On a tool call the rewrite already turned the decision into a deny, saying why.
  if (verdict.updatedInput !== null && chosen !== "deny") {
    lossy.push(`Cursor's ${hostEvent} takes no rewritten tool input; the rewrite is dropped`);
  }
  if (!verdict.continue && chosen !== "deny" && chosen !== "block") {
    lossy.push(`continue: false cannot be carried: Cursor's ${hostEvent} cannot stop the agent`);
  }
  return { output, decision };
}
