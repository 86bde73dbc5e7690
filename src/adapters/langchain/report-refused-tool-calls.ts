import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import type { MiddlewareContext, RunRuntime } from "./middleware-context.js";
import { reportToolResult } from "./report-tool-events.js";

/**
 * Before a model call, reports the tool calls of the last step that never reached the tool step:
 * a call a human rejected in Deep Agents' or langchain's human-in-the-loop (`interruptOn`) gets
 * its error result without running, so its `tool.use` and `tool.result` fire here, once.
 */
export function reportRefusedToolCalls(
  context: MiddlewareContext,
  messages: readonly BaseMessage[],
  runtime: RunRuntime,
): void {
  const events = context.events;
  if (events === null) return;
  const threadId = context.threadOf(runtime);
  let index = messages.length - 1;
  const results: ToolMessage[] = [];
  for (; index >= 0; index -= 1) {
    const message = messages[index];
    if (!ToolMessage.isInstance(message)) break;
    results.push(message);
  }
  const step = messages[index];
  if (step === undefined || !AIMessage.isInstance(step)) return;
  for (const result of results.reverse()) {
    const id = result.tool_call_id;
    const call = step.tool_calls?.find((candidate) => candidate.id === id);
    if (call === undefined || context.finishedToolCalls.read(threadId, id) === true) continue;
    context.finishedToolCalls.remember(threadId, id, true);
    if (context.announcedToolCalls.take(threadId, id) !== true) {
      events.dispatchFireAndForget("tool.use", {
        tool_name: call.name,
        tool_id: id,
        tool_args: call.args,
      });
    }
    const status = result.status === "error" ? "error" : "success";
    reportToolResult(events, { name: call.name, id, args: call.args }, status, result.content);
  }
}
