import { resolveHostDecision } from "../resolve-host-decision.js";
import type { ShimVerdict } from "../shim-types.js";
import { resolveCopilotEventName } from "./copilot-events.js";
import type { ShimHost, WrittenReply } from "./shim-host.js";

/** Copilot CLI events that read `additionalContext` (docs.github.com, Copilot CLI hooks reference). */
const contextEvents = ["subagentStart", "notification", "postToolUseFailure"];

/**
 * A verdict as Copilot CLI's hook output on exit 0 (docs.github.com, "GitHub Copilot CLI hooks
 * reference", 2026): `permissionDecision`, `permissionDecisionReason` and `modifiedArgs` on
 * `preToolUse`; `behavior`, `message` and `interrupt` on `permissionRequest`; `decision: "block"`
 * and `reason` on `agentStop` / `subagentStop`; `additionalContext` where the event reads it.
 * Copilot CLI has no `continue` or user message: those are lossy (a stop becomes a deny or block).
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
  const event = resolveCopilotEventName(host, hostEvent) ?? hostEvent;
  const decision = resolveHostDecision(host, hostEvent, verdict, false);
  const { lossy } = decision;
  const output: Record<string, unknown> = {};
  const chosen = decision.decision;
  if (event === "preToolUse" && chosen !== null && chosen !== "block") {
    output.permissionDecision = chosen;
    if (decision.reason !== null) output.permissionDecisionReason = decision.reason;
    if (verdict.updatedInput !== null && chosen === "allow") {
      output.modifiedArgs = verdict.updatedInput;
    }
  } else if (event === "permissionRequest" && (chosen === "allow" || chosen === "deny")) {
    output.behavior = chosen;
    if (decision.reason !== null) output.message = decision.reason;
    if (chosen === "deny" && !verdict.continue) output.interrupt = true;
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
  if (context !== "") {
    if (contextEvents.includes(event)) output.additionalContext = context;
    else lossy.push(`context has no place on Copilot CLI's ${hostEvent}: ${context}`);
  }
  return { output, decision };
}
