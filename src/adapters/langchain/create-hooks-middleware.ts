import { type AgentMiddleware, createMiddleware } from "langchain";
import type { HookEngine } from "../../engine.js";
import { defaultMaxContinuations } from "../shared/create-stop-hook.js";
import type { AdapterErrorHandler } from "../shared/dispatch-safely.js";
import { handleAgentEnd, stopHaltedRun } from "./handle-agent-end.js";
import { handleAgentStart } from "./handle-agent-start.js";
import { handleToolCall } from "./handle-tool-call.js";
import { createMiddlewareContext, type HookDispatchRecord } from "./middleware-context.js";

/** Options of {@link createHooksMiddleware}. */
export interface HooksMiddlewareOptions {
  /** Tool names mapped to the public names hooks match on; added to (and over) Deep Agents' built-ins. */
  toolNameMap?: Readonly<Record<string, string>>;
  /**
   * What a PreToolUse `ask` does: `"interrupt"` pauses the run for a human through LangGraph's
   * `interrupt` (the agent needs a checkpointer); `"deny"` (the default) refuses the call and says
   * approval was required.
   */
  onAsk?: "interrupt" | "deny";
  /** The middleware's name, unique within an agent; default `"AgentHooks"`. */
  name?: string;
  /** Most Stop continuations in a row; default the profile's `continuationCap`, else 8. */
  maxContinuations?: number;
  /** Tools that run a subagent (default `["task"]`): runs inside them dispatch SubagentStart and SubagentStop. */
  subagentTools?: readonly string[];
  /** The `session_id` of a run's payloads from its thread id; default the engine's session id. */
  resolveSessionId?: (threadId: string | undefined) => string | undefined;
  /** Called after each dispatch with the event, payload and result (for logs or a UI). */
  onDispatch?: (record: HookDispatchRecord) => void;
  /** Called when the engine threw; the agent goes on as if the hooks decided nothing. */
  onError?: AdapterErrorHandler;
}

/**
 * Returns a LangChain.js v1 middleware that runs an engine's hooks in an agent built with
 * `createAgent` or Deep Agents' `createDeepAgent`: SessionStart and UserPromptSubmit before the run,
 * PreToolUse and PostToolUse around each tool call, and Stop when the agent is about to finish.
 *
 * @param engine - A loaded hook engine; the middleware never throws its errors into the agent.
 * @param options - Tool name mapping, what an `ask` does, observers.
 * @example
 * ```ts
 * import { createHookEngine } from "agent-hooks";
 * import { createHooksMiddleware } from "agent-hooks/langchain";
 * import { createDeepAgent } from "deepagents";
 *
 * const engine = await createHookEngine({ profile: "deepagents", cwd: process.cwd() });
 * const agent = createDeepAgent({ model, middleware: [createHooksMiddleware(engine)] });
 * await agent.invoke({ messages: [{ role: "user", content: "Clean the build folder" }] });
 * await engine.close();
 * ```
 */
export function createHooksMiddleware(
  engine: HookEngine,
  options: HooksMiddlewareOptions = {},
): AgentMiddleware {
  const context = createMiddlewareContext(engine, {
    toolNameMap: options.toolNameMap ?? {},
    onAsk: options.onAsk ?? "deny",
    subagentTools: options.subagentTools ?? ["task"],
    maxContinuations:
      options.maxContinuations ?? engine.profile.continuationCap ?? defaultMaxContinuations,
    resolveSessionId: options.resolveSessionId,
    onDispatch: options.onDispatch,
    onError: options.onError,
  });
  return createMiddleware({
    name: options.name ?? "AgentHooks",
    beforeAgent: {
      canJumpTo: ["end"],
      hook: (state, runtime) => handleAgentStart(context, { messages: state.messages, runtime }),
    },
    beforeModel: {
      canJumpTo: ["end"],
      hook: (state) => stopHaltedRun(state.messages),
    },
    wrapToolCall: (request, handler) => handleToolCall(context, request, handler),
    afterAgent: {
      canJumpTo: ["model"],
      hook: (state, runtime) => handleAgentEnd(context, { messages: state.messages, runtime }),
    },
  });
}
