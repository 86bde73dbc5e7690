import { randomUUID } from "node:crypto";
import { AIMessage, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";

/**
 * Kinds of messages the middleware adds: `context` (hook context for the model), `feedback` (a Stop
 * hook's reason to keep going), `halt` (a tool call stopped by `continue: false`) and `end` (the
 * assistant message that ends a run stopped by hooks).
 */
export type HookMessageKind = "context" | "feedback" | "halt" | "end";

const idPrefix = "agent-hooks:";

// The kind lives in the message id, which survives checkpoints and is never sent to a model.
function createHookMessageId(kind: HookMessageKind): string {
  return `${idPrefix}${kind}:${randomUUID()}`;
}

/** Whether a message was added by the hooks middleware, optionally of one kind. */
export function isHookMessage(message: BaseMessage, kind?: HookMessageKind): boolean {
  const id = message.id;
  if (typeof id !== "string" || !id.startsWith(idPrefix)) return false;
  return kind === undefined || id.startsWith(`${idPrefix}${kind}:`);
}

/** A user message carrying an event's additional context for the model. */
export function createContextMessage(event: string, context: readonly string[]): HumanMessage {
  return new HumanMessage({
    id: createHookMessageId("context"),
    content: `${event} hook additional context:\n${context.join("\n")}`,
  });
}

/** The user message that sends the agent back to work with a Stop hook's reason. */
export function createFeedbackMessage(event: string, reason: string): HumanMessage {
  return new HumanMessage({
    id: createHookMessageId("feedback"),
    content: `${event} hook feedback:\n${reason}`,
  });
}

/** The assistant message that ends a run hooks stopped, carrying the reason. */
export function createEndMessage(text: string): AIMessage {
  return new AIMessage({ id: createHookMessageId("end"), content: text });
}

/** An error tool result: the call did not run (or its result was withheld), with the reason. */
export function createToolErrorMessage(
  toolCall: { id?: string | undefined; name: string },
  text: string,
): ToolMessage {
  return new ToolMessage({
    content: text,
    name: toolCall.name,
    tool_call_id: toolCall.id ?? "",
    status: "error",
  });
}

/** Marks a tool result as ending the run (a hook returned `continue: false`) with `text` as the answer. */
export function markHalt(message: ToolMessage, text: string): void {
  message.id = createHookMessageId("halt");
  message.response_metadata = { ...message.response_metadata, agentHooksStop: text };
}

/** The answer a halted tool result ends the run with, or null when it is not halted. */
export function readHaltText(message: BaseMessage): string | null {
  if (!isHookMessage(message, "halt")) return null;
  const text = message.response_metadata?.agentHooksStop;
  return typeof text === "string" ? text : message.text;
}

/** Stop-hook continuations in a row at the end of the conversation (since the last real prompt). */
export function countContinuations(messages: readonly BaseMessage[]): number {
  let count = 0;
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message === undefined || !HumanMessage.isInstance(message)) continue;
    if (isHookMessage(message, "feedback")) count += 1;
    else if (!isHookMessage(message)) break;
  }
  return count;
}

/** The text of the newest message matching `accept`, or null. */
export function findLastText(
  messages: readonly BaseMessage[],
  accept: (message: BaseMessage) => boolean,
): { message: BaseMessage; text: string } | null {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message !== undefined && accept(message)) return { message, text: message.text };
  }
  return null;
}
