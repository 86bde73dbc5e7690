import { ToolMessage } from "@langchain/core/messages";
import { ToolInvocationError } from "langchain";
import { readToolFeedback } from "../shared/read-tool-feedback.js";
import { appendToolText } from "./append-tool-feedback.js";
import { markHalt } from "./hook-messages.js";
import { isGraphBubbleUp } from "./is-graph-bubble-up.js";
import type { MiddlewareContext } from "./middleware-context.js";

/** The failed call: its PreToolUse payload, the input it ran with, and whether the run was aborted. */
export interface ToolFailureFacts {
  call: { id?: string | undefined; name: string };
  toolPayload: Readonly<Record<string, unknown>>;
  args: Record<string, unknown>;
  aborted: boolean;
}

/**
 * Dispatches PostToolUseFailure for a tool that threw, then does what LangChain does with the
 * error: an invalid input (`ToolInvocationError`) becomes the error tool result the model sees,
 * with the hooks' feedback and context appended; any other error is rethrown as it was (a
 * `wrapToolCall` middleware's tool error ends the run). LangGraph's interrupts, and every error
 * when the profile has no PostToolUseFailure, pass through untouched.
 */
export async function handleToolFailure(
  context: MiddlewareContext,
  facts: ToolFailureFacts,
  error: unknown,
): Promise<ToolMessage> {
  if (isGraphBubbleUp(error) || context.engine.profile.events.PostToolUseFailure === undefined) {
    throw error;
  }
  const failure = await context.dispatch("PostToolUseFailure", {
    ...facts.toolPayload,
    tool_input: facts.args,
    error: error instanceof Error ? error.message : String(error),
    is_interrupt: facts.aborted,
  });
  if (!ToolInvocationError.isInstance(error)) throw error;
  // LangChain's own answer to an invalid input: the error's message as an error tool result.
  const message = new ToolMessage({
    content: error.message,
    tool_call_id: facts.call.id ?? "",
    name: facts.call.name,
    status: "error",
  });
  if (failure === null) return message;
  const feedback = readToolFeedback(failure, context.engine.profile, "append");
  if (feedback !== null) {
    const text = [
      ...(feedback.reason === null
        ? []
        : [`PostToolUseFailure hook feedback:\n${feedback.reason}`]),
      ...(feedback.additionalContext.length === 0
        ? []
        : [
            `PostToolUseFailure hook additional context:\n${feedback.additionalContext.join("\n")}`,
          ]),
    ].join("\n\n");
    appendToolText(message, text);
  }
  if (!failure.continue) {
    const text = `Stopped by a PostToolUseFailure hook: ${failure.stopReason ?? "no reason given"}`;
    appendToolText(message, text);
    markHalt(message, text);
  }
  return message;
}
