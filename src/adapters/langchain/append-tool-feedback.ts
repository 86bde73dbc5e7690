import { ToolMessage } from "@langchain/core/messages";

/**
 * The tool result message inside what a tool call returned: the `ToolMessage` itself, or the one in a
 * LangGraph `Command`'s `update.messages` (Deep Agents' file tools return commands), or null.
 */
export function findToolMessage(
  result: unknown,
  toolCallId: string | undefined,
): ToolMessage | null {
  if (ToolMessage.isInstance(result)) return result;
  if (typeof result !== "object" || result === null || !("update" in result)) return null;
  const update = result.update;
  if (typeof update !== "object" || update === null || !("messages" in update)) return null;
  const messages = update.messages;
  if (!Array.isArray(messages)) return null;
  const found = messages.find(
    (message: unknown) =>
      ToolMessage.isInstance(message) &&
      (toolCallId === undefined || message.tool_call_id === toolCallId),
  );
  return ToolMessage.isInstance(found) ? found : null;
}

/** Adds hook text after a tool result's content (a text block when the content is a list). */
export function appendToolText(message: ToolMessage, text: string): void {
  const content: unknown = message.content;
  if (typeof content === "string") {
    message.content = content === "" ? text : `${content}\n\n${text}`;
  } else if (Array.isArray(content)) {
    message.content = [...content, { type: "text", text }];
  } else {
    message.content = text;
  }
}

/** Replaces a tool result's content with hook text, marking the result an error. */
export function replaceToolText(message: ToolMessage, text: string): void {
  message.content = text;
  message.status = "error";
}
