import { type AgentMiddleware, createMiddleware, type InterruptOnConfig } from "langchain";
import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { HookEngine } from "../../engine/engine.js";
import { defaultMaxContinuations } from "../shared/create-stop-hook.js";
import type { AdapterErrorHandler } from "../shared/dispatch-safely.js";
import type { PromptHookModel } from "./create-prompt-evaluator.js";
import { endSession, type SessionEndReason } from "./end-session.js";
import { guardInterruptOn, type InterruptOnTable } from "./guard-interrupt-on.js";
import { handleAgentEnd, stopHaltedRun } from "./handle-agent-end.js";
import { handleAgentStart } from "./handle-agent-start.js";
import { handleToolCall } from "./handle-tool-call.js";
import {
  createMiddlewareContext,
  type HookDispatchRecord,
  type MiddlewareEventStream,
} from "./middleware-context.js";
import { reportRefusedToolCalls } from "./report-refused-tool-calls.js";
import { reportToolEvents } from "./report-tool-events.js";
import { type HookNotification, sendNotification } from "./send-notification.js";

/** The middleware, plus the host calls for the events the agent loop has no moment for. */
export interface HooksMiddleware extends AgentMiddleware {
  /**
   * Dispatches SessionEnd (`reason`, the thread's `session_id`) and forgets the thread, so its next
   * run starts a new session; resolves to the result (null when the profile has no SessionEnd).
   */
  endSession(
    reason: SessionEndReason,
    options?: { threadId?: string },
  ): Promise<DispatchResult | null>;
  /** Dispatches Notification for something the host shows the user. */
  notify(notification: HookNotification): Promise<DispatchResult | null>;
  /**
   * Wraps a human-in-the-loop `interruptOn` table (for `createDeepAgent`, a subagent spec or
   * `humanInTheLoopMiddleware`) so PermissionRequest answers before the human is asked.
   */
  guardInterruptOn(interruptOn: InterruptOnTable): Record<string, boolean | InterruptOnConfig>;
}

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
  /**
   * An event-stream dispatcher (`createEventDispatcher` from `agent-hooks/events`): the middleware
   * emits `session.start`, `user.prompt`, `task.complete` and (from `endSession`) `session.end` in
   * program order, and `tool.use`, `tool.result` and `tool.error` fire-and-forget, as Deep Agents
   * Code does.
   */
  events?: MiddlewareEventStream;
  /**
   * The chat model (or `"provider:model"` name) that answers Claude Code `prompt` hooks where the
   * engine was given no `evaluatePrompt`; default: the agent's own model, learned at its first
   * model call (prompt hooks of the first SessionStart and UserPromptSubmit run before it, so they
   * are skipped, with a diagnostic, unless this is set).
   */
  model?: PromptHookModel;
}

/**
 * Returns a LangChain.js v1 middleware that runs an engine's hooks in an agent built with
 * `createAgent` or Deep Agents' `createDeepAgent`: SessionStart and UserPromptSubmit before the run,
 * PreToolUse and PostToolUse around each tool call, and Stop when the agent is about to finish.
 * An `ask` dispatches PermissionRequest before a human is asked, and runs each hook once per call
 * across the interrupt and resume; the returned handle also fires SessionEnd and Notification.
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
 * const events = await createEventDispatcher(); // from "agent-hooks/events", optional
 * const hooks = createHooksMiddleware(engine, { events });
 * const agent = createDeepAgent({ model, middleware: [hooks] });
 * await agent.invoke({ messages: [{ role: "user", content: "Clean the build folder" }] });
 * await hooks.endSession("other"); // SessionEnd, then session.end
 * await events.drain();
 * await engine.close();
 * ```
 */
export function createHooksMiddleware(
  engine: HookEngine,
  options: HooksMiddlewareOptions = {},
): HooksMiddleware {
  const context = createMiddlewareContext(engine, {
    toolNameMap: options.toolNameMap ?? {},
    onAsk: options.onAsk ?? "deny",
    subagentTools: options.subagentTools ?? ["task"],
    maxContinuations:
      options.maxContinuations ?? engine.profile.continuationCap ?? defaultMaxContinuations,
    resolveSessionId: options.resolveSessionId,
    onDispatch: options.onDispatch,
    onError: options.onError,
    events: options.events,
    model: options.model,
  });
  const middleware = createMiddleware({
    name: options.name ?? "AgentHooks",
    beforeAgent: {
      canJumpTo: ["end"],
      hook: (state, runtime) => handleAgentStart(context, { messages: state.messages, runtime }),
    },
    beforeModel: {
      canJumpTo: ["end"],
      hook: (state) => stopHaltedRun(state.messages),
    },
    wrapModelCall: (request, handler) => {
      context.noteModel(request.model);
      reportRefusedToolCalls(context, request.messages, request.runtime);
      return handler(request);
    },
    wrapToolCall: (request, handler) =>
      reportToolEvents(context, request, () => handleToolCall(context, request, handler)),
    afterAgent: {
      canJumpTo: ["model"],
      hook: (state, runtime) => handleAgentEnd(context, { messages: state.messages, runtime }),
    },
  });
  return Object.assign(middleware, {
    endSession: (reason: SessionEndReason, sessionOptions: { threadId?: string } = {}) =>
      endSession(context, reason, sessionOptions.threadId),
    notify: (notification: HookNotification) => sendNotification(context, notification),
    guardInterruptOn: (interruptOn: InterruptOnTable) => guardInterruptOn(context, interruptOn),
  });
}
