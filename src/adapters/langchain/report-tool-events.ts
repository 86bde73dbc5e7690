import type { ToolCallHandler, ToolCallRequest } from "langchain";
import { capToolOutput } from "../../event-stream/cap-tool-output.js";
import { stringifyOutput } from "../../event-stream/stringify-output.js";
import { findToolMessage } from "./append-tool-feedback.js";
import { isGraphBubbleUp } from "./is-graph-bubble-up.js";
import type { MiddlewareContext, MiddlewareEventStream } from "./middleware-context.js";

type ToolCallResult = Awaited<ReturnType<ToolCallHandler>>;

/**
 * Runs one tool call (`runCall`, the hooks and the tool) between the event stream's tool events:
 * `tool.use` before it (once per call, across an interrupt and its resume; none without an id),
 * then `tool.result` with its terminal state and `tool.error` beside an error, all fire-and-forget.
 * A call the hooks or a human refused is an `error` result with the refusal the model sees; a
 * tool that threw is an `error` result with its message, and the error goes on as it was.
 */
export async function reportToolEvents(
  context: MiddlewareContext,
  request: ToolCallRequest,
  runCall: () => Promise<ToolCallResult>,
): Promise<ToolCallResult> {
  const events = context.events;
  if (events === null) return runCall();
  const { name, id, args } = request.toolCall;
  const threadId = context.threadOf(request.runtime);
  // A call resumed after an interrupt fired its tool.use before the pause.
  const announced = id !== undefined && context.announcedToolCalls.take(threadId, id) === true;
  if (id !== undefined && !announced) {
    events.dispatchFireAndForget("tool.use", { tool_name: name, tool_id: id, tool_args: args });
  }
  const finish = (status: "success" | "error", output: unknown): void => {
    if (id !== undefined) context.finishedToolCalls.remember(threadId, id, true);
    reportToolResult(
      events,
      { name, id: id ?? null, args: id === undefined ? {} : args },
      status,
      output,
    );
  };
  let result: ToolCallResult;
  try {
    result = await runCall();
  } catch (error) {
    if (isGraphBubbleUp(error)) {
      // Paused (an interrupt), not finished: the result comes with the resume.
      if (id !== undefined) context.announcedToolCalls.remember(threadId, id, true);
    } else {
      finish("error", error instanceof Error ? error.message : error);
    }
    throw error;
  }
  const message = findToolMessage(result, id);
  finish(message?.status === "error" ? "error" : "success", message?.content);
  return result;
}

/** Fires `tool.result` for a call (its output stringified and capped), and `tool.error` beside an error. */
export function reportToolResult(
  events: MiddlewareEventStream,
  call: { name: string; id: string | null; args: Record<string, unknown> },
  status: "success" | "error",
  output: unknown,
): void {
  events.dispatchFireAndForget("tool.result", {
    tool_name: call.name,
    tool_id: call.id,
    tool_args: call.args,
    tool_status: status,
    tool_output: capToolOutput(stringifyOutput(output), events.outputLimit),
  });
  if (status === "error") events.dispatchFireAndForget("tool.error", { tool_names: [call.name] });
}
