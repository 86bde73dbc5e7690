import type { BaseMessage } from "@langchain/core/messages";
import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { DispatchOptions, HookEngine } from "../../engine.js";
import { callSafely } from "../shared/call-safely.js";
import { type AdapterErrorHandler, dispatchSafely } from "../shared/dispatch-safely.js";
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
  /** The thread id of a run, when it has one. */
  threadOf(runtime: RunRuntime): string | undefined;
  /** `session_id` for a run's payloads, or nothing (the engine's session id). */
  sessionPayload(runtime: RunRuntime): { session_id?: string };
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
  return {
    engine,
    toolNameMap: settings.toolNameMap,
    onAsk: settings.onAsk,
    subagentTools: new Set(settings.subagentTools),
    maxContinuations: settings.maxContinuations,
    startedThreads: new Set(),
    pausedCalls: createToolCallMemory(),
    permissionVerdicts: createToolCallMemory(),
    threadOf,
    sessionPayload(runtime) {
      let sessionId: string | undefined;
      try {
        sessionId = settings.resolveSessionId?.(threadOf(runtime));
      } catch {
        // A failing host callback leaves the engine's own session id in place.
      }
      return sessionId === undefined ? {} : { session_id: sessionId };
    },
    async dispatch(event, payload, options) {
      if (engine.profile.events[event] === undefined) return null;
      const result = await dispatchSafely(engine, event, payload, {
        ...(options !== undefined && { dispatch: options }),
        onError: settings.onError,
      });
      callSafely(settings.onDispatch, { event, payload, result });
      return result;
    },
  };
}
