import { geminiProfile } from "../../profiles/gemini.js";
import type { ShimVerdict } from "../shim-types.js";
import type { ShimHost, WrittenReply } from "./shim-host.js";
import { startRowReply } from "./start-row-reply.js";

/** Gemini CLI events that read `hookSpecificOutput.additionalContext`: the gemini profile's rows. */
const contextEvents = Object.entries(geminiProfile.events)
  .filter(([, spec]) =>
    (spec.specificFields.supported as readonly string[]).includes("additionalContext"),
  )
  .map(([event]) => event);

/**
 * A verdict as Gemini CLI's hook output on exit 0: `decision` `allow`, `deny` or (BeforeTool)
 * `ask` with `reason` (a deny on AfterAgent asks for a retry, on BeforeAgent refuses the prompt;
 * an ask's reason is also its `systemMessage`, which Gemini CLI's confirmation shows), `continue`
 * and `stopReason` and `systemMessage` where the event's gemini profile row takes them,
 * `hookSpecificOutput.additionalContext` and `tool_input`.
 *
 * @example
 * ```ts
 * writeGeminiReply(geminiHost, "BeforeTool", createShimVerdict({ decision: "deny", reason: "no rm" })).output;
 * // { decision: "deny", reason: "no rm" }
 * ```
 */
export function writeGeminiReply(
  host: Pick<ShimHost, "title" | "decisions">,
  hostEvent: string,
  verdict: ShimVerdict,
): WrittenReply {
  // Whether `continue: false` stops the agent and a `systemMessage` is shown: the event's row.
  // Gemini CLI's confirmation shows the hook's systemMessage, not its reason.
  const { decision, output } = startRowReply(
    host,
    geminiProfile,
    hostEvent,
    verdict,
    (resolved) => verdict.userMessage ?? (resolved.decision === "ask" ? resolved.reason : null),
    `Gemini CLI's ${hostEvent}`,
  );
  const { lossy } = decision;
  const specific: Record<string, unknown> = {};
  const chosen = decision.decision;
  if (chosen === "deny" || chosen === "block") {
    output.decision = "deny";
    output.reason = decision.reason;
  } else if (chosen === "allow" || chosen === "ask") {
    output.decision = chosen;
    if (decision.reason !== null) output.reason = decision.reason;
  }
  const context = verdict.additionalContext.join("\n");
  if (context !== "") {
    if (contextEvents.includes(hostEvent)) specific.additionalContext = context;
    else lossy.push(`context has no place on Gemini CLI's ${hostEvent}: ${context}`);
  }
  if (verdict.updatedInput !== null) {
    if (hostEvent === "BeforeTool" && chosen !== "deny") {
      // Gemini CLI builds the tool from this input alone, as Claude Code does from updatedInput.
      specific.tool_input = verdict.updatedInput;
    } else if (chosen !== "deny") {
      lossy.push(
        `the rewritten tool input cannot be carried on Gemini CLI's ${hostEvent} with this decision; it is dropped`,
      );
    }
  }
  if (Object.keys(specific).length > 0) {
    output.hookSpecificOutput = { hookEventName: hostEvent, ...specific };
  }
  return { output, decision };
}
