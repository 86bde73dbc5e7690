import type { HookAction } from "../config/hook-definition.js";
import { askModelHook } from "./ask-model-hook.js";
import { callMcpToolHook } from "./call-mcp-tool-hook.js";
import type { HostCallbacks } from "./host-callbacks.js";
import { postHttpHook } from "./post-http-hook.js";
import type { ProcessOutcome } from "./process-outcome.js";

/** What a non-command handler needs for one run: the event, its payload, limits and the close signal. */
export interface HookActionRequest<Action extends HookAction = HookAction> {
  action: Action;
  event: string;
  /** The payload serialized, as a command handler would read it on stdin. */
  input: string;
  payload: Readonly<Record<string, unknown>>;
  /** The hook's environment (http header values interpolate from it). */
  env: Readonly<Record<string, string | undefined>>;
  timeoutMs: number;
  /** Bytes of a reply kept, like a process's stdout. */
  captureLimitBytes: number;
  /** Aborted when the engine closes. */
  signal: AbortSignal;
}

/**
 * Runs an http, prompt, agent or mcp_tool handler and describes how it ended as a
 * `ProcessOutcome`, so the decide stage reads it like a command's exit: a reply is stdout with
 * exit 0, a failure a non-blocking error (exit 1, the reason on stderr), a timeout `timedOut`.
 *
 * @example
 * ```ts
 * const outcome = await runHookAction({ action, event, input, payload, env, timeoutMs, captureLimitBytes, signal }, callbacks);
 * ```
 */
export function runHookAction(
  request: HookActionRequest,
  callbacks: HostCallbacks,
): Promise<ProcessOutcome> {
  const { action } = request;
  switch (action.type) {
    case "http":
      return postHttpHook({ ...request, action });
    case "prompt":
      return askModelHook({ ...request, action }, callbacks.evaluatePrompt);
    case "agent":
      return askModelHook({ ...request, action }, callbacks.runAgentHook);
    case "mcp_tool":
      return callMcpToolHook({ ...request, action }, callbacks.callMcpTool);
  }
}
