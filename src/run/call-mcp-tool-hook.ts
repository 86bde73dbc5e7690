import type { McpToolHookAction } from "../config/hook-definition.js";
import { isRecord } from "../shared/is-record.js";
import { callWithDeadline } from "./call-with-deadline.js";
import { createCallOutcome } from "./create-call-outcome.js";
import { describeError } from "./describe-error.js";
import { fillInputPlaceholders } from "./fill-input-placeholders.js";
import type { CallMcpTool } from "./host-callbacks.js";
import type { ProcessOutcome } from "./process-outcome.js";
import type { HookActionRequest } from "./run-hook-action.js";

/**
 * Calls the tool of an `mcp_tool` handler through the host's MCP client, its `input`
 * placeholders filled from the event, and describes the result as an exit: the text content
 * joined on stdout with exit 0; `isError`, a malformed result or a rejected call (a server that
 * is not connected) as exit 1 with the reason on stderr, a non-blocking error; the handler's
 * timeout as `timedOut`.
 *
 * @example
 * ```ts
 * const outcome = await callMcpToolHook(request, async ({ server, tool, input }) => ({
 *   content: [{ type: "text", text: '{"decision":"block","reason":"lint failed"}' }],
 * }));
 * ```
 */
export async function callMcpToolHook(
  request: HookActionRequest<McpToolHookAction>,
  call: CallMcpTool | undefined,
): Promise<ProcessOutcome> {
  const { action, captureLimitBytes } = request;
  const { server, tool } = action;
  const named = `tool "${tool}" of MCP server "${server}"`;
  if (call === undefined) {
    const spawnError = "the host gave no callMcpTool callback for mcp_tool handlers";
    return createCallOutcome({ exitCode: null, spawnError, durationMs: 0 }, captureLimitBytes);
  }
  const input = fillInputPlaceholders(action.input, request.payload);
  const result = await callWithDeadline(
    (signal) => call({ server, tool, input, signal }),
    request.timeoutMs,
    request.signal,
  );
  const { durationMs } = result;
  const failWith = (stderr: string) =>
    createCallOutcome({ exitCode: 1, stderr, durationMs }, captureLimitBytes);
  switch (result.kind) {
    case "timeout":
      return createCallOutcome({ exitCode: null, timedOut: true, durationMs }, captureLimitBytes);
    case "cancelled":
      return createCallOutcome({ exitCode: null, cancelled: true, durationMs }, captureLimitBytes);
    case "error":
      return failWith(`could not call the ${named}: ${describeError(result.error)}`);
    case "value": {
      const value: unknown = result.value;
      if (!isRecord(value) || !Array.isArray(value.content)) {
        return failWith(`the ${named} returned a result without a content list`);
      }
      const text = joinTextContent(value.content);
      if (value.isError === true) {
        return failWith(text === "" ? `the ${named} reported an error` : text);
      }
      return createCallOutcome({ exitCode: 0, stdout: text, durationMs }, captureLimitBytes);
    }
  }
}

// The text items of an MCP result, in order, one per line; images and resources are skipped.
function joinTextContent(content: readonly unknown[]): string {
  const texts: string[] = [];
  for (const item of content) {
    if (isRecord(item) && item.type === "text" && typeof item.text === "string") {
      texts.push(item.text);
    }
  }
  return texts.join("\n");
}
