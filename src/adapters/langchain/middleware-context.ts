import type { BaseMessage } from "@langchain/core/messages";
import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { DispatchOptions, HookEngine } from "../../engine/engine.js";
import type { EventDispatcher } from "../../event-stream/create-event-dispatcher.js";
import { callSafely } from "../shared/call-safely.js";
import { type AdapterErrorHandler, dispatchSafely } from "../shared/dispatch-safely.js";
import type { PromptHookModel } from "./create-prompt-evaluator.js";
import { lendModel } from "./lend-model.js";
import type { PermissionVerdict } from "./request-permission.js";
import { createToolCallMemory, type ToolCallMemory } from "./tool-call-memory.js";

/** One event the middleware dispatched, as passed to `onDispatch`. */
export interface HookDispatchRecord {
  event: string;
  /** The payload handed to the engine (the engine fills in `cwd`, `hook_event_name`, …). */
  payload: Readonly<Record<string, unknown>>;
  result: DispatchResult;
}

/** The part of a LangGraph runtime the middleware reads: the run's thread id. */
export interface RunRuntime {
  configurable?: { thread_id?: unknown } | undefined;
}

/** What an agent-level hook is given: the conversation and the run's runtime. */
export interface RunFacts {
  messages: readonly BaseMessage[];
  runtime: RunRuntime;
}

/** The part of an event-stream dispatcher the middleware uses (`createEventDispatcher` returns one). */
export type MiddlewareEventStream = Pick<
  EventDispatcher,
  "dispatch" | "dispatchFireAndForget" | "outputLimit"
>;

/** A tool call paused for approval: its PreToolUse result and PermissionRequest verdict, reused on resume. */
export interface PausedToolCall {
  pre: DispatchResult | null;
  permission: PermissionVerdict;
}

/** What the middleware's hooks share: the engine, the resolved options and the session facts. */
export interface MiddlewareContext {
  engine: HookEngine;
  toolNameMap: Readonly<Record<string, string>>;
  onAsk: "interrupt" | "deny";
  subagentTools: ReadonlySet<string>;
  maxContinuations: number;
  /** Threads whose session has started in this middleware (SessionStart fires once per thread). */
  startedThreads: Set<string>;
  /** Calls paused by the middleware's own `ask` interrupt, by thread and `tool_call_id`. */
  pausedCalls: ToolCallMemory<PausedToolCall>;
  /** PermissionRequest verdicts given before Deep Agents' human-in-the-loop, until the call runs. */
  permissionVerdicts: ToolCallMemory<PermissionVerdict>;
  /** The event-stream dispatcher the middleware emits to, or null. */
  events: MiddlewareEventStream | null;
  /** Calls whose `tool.use` fired before an interrupt paused them, so the resume does not repeat it. */
  announcedToolCalls: ToolCallMemory<true>;
  /** Calls whose `tool.result` fired, so a model call does not report them again. */
  finishedToolCalls: ToolCallMemory<true>;
  /** The thread id of a run, when it has one. */
  threadOf(runtime: RunRuntime): string | undefined;
  /** `session_id` for a run's payloads, or nothing (the engine's session id). */
  sessionPayload(runtime: RunRuntime): { session_id?: string };
  /**
   * Emits an ordered event-stream event (`session.start`, `user.prompt`, …) and waits for its hooks
   * (program order, as Deep Agents Code awaits them); nothing without a dispatcher. Never throws.
   */
  emitEvent(event: string, payload: Readonly<Record<string, unknown>>): Promise<void>;
  /** `{thread_id}` for a run's event-stream payloads: the thread id, else the `session_id`, else null. */
  threadPayload(runtime: RunRuntime): { thread_id: string | null };
  /**
   * Remembers the model of a model call, which then answers `prompt` hooks (unless the `model`
   * option chose one): the agent's own model, learned at its first call.
   */
  noteModel(model: PromptHookModel): void;
  /** Dispatches an event the profile has; null when it has no such event. Never throws. */
  dispatch(
    event: string,
    payload: Readonly<Record<string, unknown>>,
    options?: DispatchOptions,
  ): Promise<DispatchResult | null>;
}

/** Settings {@link createMiddlewareContext} reads. */
export interface MiddlewareContextSettings {
  toolNameMap: Readonly<Record<string, string>>;
  onAsk: "interrupt" | "deny";
  subagentTools: readonly string[];
  maxContinuations: number;
  resolveSessionId: ((threadId: string | undefined) => string | undefined) | undefined;
  onDispatch: ((record: HookDispatchRecord) => void) | undefined;
  onError: AdapterErrorHandler | undefined;
  events: MiddlewareEventStream | undefined;
  /** The model for `prompt` hooks chosen by the host, or undefined to learn the agent's. */
  model: PromptHookModel | undefined;
}

/** Builds the shared state of one hooks middleware. */
export function createMiddlewareContext(
  engine: HookEngine,
  settings: MiddlewareContextSettings,
): MiddlewareContext {
  const threadOf = (runtime: RunRuntime) => {
    const threadId = runtime.configurable?.thread_id;
    return typeof threadId === "string" || typeof threadId === "number"
      ? String(threadId)
      : undefined;
  };
  const sessionPayload = (runtime: RunRuntime): { session_id?: string } => {
    let sessionId: string | undefined;
    try {
      sessionId = settings.resolveSessionId?.(threadOf(runtime));
    } catch {
      // A failing host callback leaves the engine's own session id in place.
    }
    return sessionId === undefined ? {} : { session_id: sessionId };
  };
  let model = settings.model;
  return {
    engine,
    toolNameMap: settings.toolNameMap,
    onAsk: settings.onAsk,
    subagentTools: new Set(settings.subagentTools),
    maxContinuations: settings.maxContinuations,
    startedThreads: new Set(),
    pausedCalls: createToolCallMemory(),
    permissionVerdicts: createToolCallMemory(),
    events: settings.events ?? null,
    announcedToolCalls: createToolCallMemory(),
    finishedToolCalls: createToolCallMemory(),
    threadOf,
    sessionPayload,
    async emitEvent(event, payload) {
      // The dispatcher never rejects; this guards a host's own stand-in.
      await settings.events?.dispatch(event, payload).catch(() => undefined);
    },
    threadPayload(runtime) {
      return { thread_id: threadOf(runtime) ?? sessionPayload(runtime).session_id ?? null };
    },
    noteModel(called) {
      if (settings.model === undefined) model = called;
    },
    async dispatch(event, payload, options) {
      if (engine.profile.events[event] === undefined) return null;
      const result = await dispatchSafely(engine, event, payload, {
        ...(options !== undefined && { dispatch: options }),
        onError: settings.onError,
        hostCallbacks: lendModel(model),
      });
      callSafely(settings.onDispatch, { event, payload, result });
      return result;
    },
  };
}
