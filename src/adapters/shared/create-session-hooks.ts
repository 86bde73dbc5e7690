import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { HookEngine } from "../../engine/engine.js";
import type { HostCallbacks } from "../../run/host-callbacks.js";
import { callSafely } from "./call-safely.js";
import { type AdapterErrorHandler, dispatchSafely } from "./dispatch-safely.js";
import type { StopLoopOptions } from "./run-stop-loop.js";

/** Why a session starts, as Claude Code's SessionStart `source` says it. */
export type SessionStartSource = "startup" | "resume" | "clear" | "compact";

/** Why a session ends, as Claude Code's SessionEnd `reason` says it. */
export type SessionEndReason =
  | "clear"
  | "logout"
  | "prompt_input_exit"
  | "bypass_permissions_disabled"
  | "other";

/** A notification the host shows its user, as Claude Code's Notification event carries it. */
export interface SessionNotification {
  message: string;
  /** `permission_prompt`, `idle_prompt`, `auth_success`, `elicitation_dialog`, or your own. */
  notificationType: string;
  title?: string;
}

/** What the start-of-turn hooks decided: go on (with context), or refuse the turn. */
export interface TurnStartVerdict {
  /** Whether the turn must not run; `message` then says why. */
  refused: boolean;
  /** `Prompt blocked by a UserPromptSubmit hook: <reason>` or `Stopped by a … hook: <reason>`. */
  message: string | null;
  /** The UserPromptSubmit hooks' context, for a message after the prompt. */
  promptContext: string[];
  /** Every dispatch of this turn start, in order. */
  results: DispatchResult[];
}

/** Options of {@link createSessionHooks}. */
export interface SessionHooksOptions {
  /** Extra fields of every payload (`session_id`, `transcript_path`, `permission_mode`, …). */
  payload?: Readonly<Record<string, unknown>>;
  /** Called with every dispatch result (errors thrown here are ignored). */
  onDispatch?: (result: DispatchResult) => void;
  /** Called when dispatching threw; the session then goes on as if no hook had decided. */
  onError?: AdapterErrorHandler;
  /**
   * Callbacks lent to every dispatch of the session, its Stop loop included, where the engine has
   * none; the adapters' `createSessionHooks` fill it from their `model` option.
   */
  hostCallbacks?: HostCallbacks;
}

/** One agent session's lifecycle hooks; events the profile does not have are skipped (null). */
export interface SessionHooks {
  readonly engine: HookEngine;
  readonly payload: Readonly<Record<string, unknown>> | undefined;
  readonly onError: AdapterErrorHandler | undefined;
  /** The callbacks lent to the session's dispatches, or undefined. */
  readonly hostCallbacks: HostCallbacks | undefined;
  /** SessionStart's context so far (for the system prompt); empty before the start. */
  readonly sessionContext: readonly string[];
  /** Dispatches SessionStart once; later calls resolve to the first result. */
  startSession(source?: SessionStartSource): Promise<DispatchResult | null>;
  /** Starts the session if needed, then dispatches UserPromptSubmit with the prompt. */
  startTurn(prompt: string): Promise<TurnStartVerdict>;
  /** Dispatches Notification. */
  notify(notification: SessionNotification): Promise<DispatchResult | null>;
  /** Dispatches SessionEnd once; later calls resolve to the first result. */
  endSession(reason?: SessionEndReason): Promise<DispatchResult | null>;
}

/**
 * Creates the lifecycle hooks of one agent session: SessionStart once (its context kept for the
 * system prompt), UserPromptSubmit per turn, and Notification and SessionEnd for the host to call.
 *
 * @example
 * ```ts
 * const session = createSessionHooks(engine, { payload: { session_id: "s-1" } });
 * const run = await runWithHooks({ session, messages, generate });
 * await session.endSession("prompt_input_exit");
 * ```
 */
export function createSessionHooks(
  engine: HookEngine,
  options: SessionHooksOptions = {},
): SessionHooks {
  const sessionContext: string[] = [];
  let started: Promise<DispatchResult | null> | null = null;
  let ended: Promise<DispatchResult | null> | null = null;

  const dispatch = async (event: string, fields: Record<string, unknown>) => {
    if (engine.profile.events[event] === undefined) return null;
    const result = await dispatchSafely(
      engine,
      event,
      { ...options.payload, ...fields },
      { onError: options.onError, hostCallbacks: options.hostCallbacks },
    );
    callSafely(options.onDispatch, result);
    return result;
  };

  const startSession = (source: SessionStartSource = "startup") => {
    started ??= dispatch("SessionStart", { source }).then((result) => {
      if (result !== null) sessionContext.push(...result.additionalContext);
      return result;
    });
    return started;
  };

  return {
    engine,
    payload: options.payload,
    onError: options.onError,
    hostCallbacks: options.hostCallbacks,
    sessionContext,
    startSession,
    async startTurn(prompt) {
      const firstStart = started === null;
      const start = await startSession();
      const results: DispatchResult[] = firstStart && start !== null ? [start] : [];
      if (firstStart && start !== null && !start.continue) {
        return refuse(start, results);
      }
      const submitted = await dispatch("UserPromptSubmit", { prompt });
      if (submitted === null) return { refused: false, message: null, promptContext: [], results };
      results.push(submitted);
      if (!submitted.continue) return refuse(submitted, results);
      if (submitted.decision === "block") {
        const reason = submitted.reason ?? "no reason given";
        return {
          refused: true,
          message: `Prompt blocked by a UserPromptSubmit hook: ${reason}`,
          promptContext: [],
          results,
        };
      }
      return {
        refused: false,
        message: null,
        promptContext: [...submitted.additionalContext],
        results,
      };
    },
    notify(notification) {
      return dispatch("Notification", {
        message: notification.message,
        notification_type: notification.notificationType,
        ...(notification.title !== undefined && { title: notification.title }),
      });
    },
    endSession(reason = "other") {
      ended ??= dispatch("SessionEnd", { reason });
      return ended;
    },
  };
}

// `continue: false` ends the turn before the model runs, with the hook's stop reason.
function refuse(result: DispatchResult, results: DispatchResult[]): TurnStartVerdict {
  const reason = result.stopReason ?? `A ${result.event} hook stopped the run`;
  return {
    refused: true,
    message: `Stopped by a ${result.event} hook: ${reason}`,
    promptContext: [],
    results,
  };
}

/**
 * Dispatches Notification (`permission_prompt`) for each tool a paused turn waits to have
 * approved, as Claude Code does when it shows a permission prompt.
 */
export async function notifyApprovals(
  session: SessionHooks,
  toolNames: readonly string[],
): Promise<void> {
  for (const toolName of toolNames) {
    await session.notify({
      message: `The agent needs your permission to use ${toolName}`,
      notificationType: "permission_prompt",
    });
  }
}

/** The text a session's context is given to the model as, or null when there is none. */
export function formatHookContext(event: string, context: readonly string[]): string | null {
  if (context.length === 0) return null;
  return `${event} hook additional context:\n${context.join("\n")}`;
}

/**
 * What a turn's Stop loop takes from its session: the engine, and the session's `payload`,
 * `onError` and `hostCallbacks` where the turn's own `options` leave them out.
 */
export function inheritSessionOptions(
  session: SessionHooks,
  options: Omit<StopLoopOptions, "engine">,
): Pick<StopLoopOptions, "engine" | "payload" | "onError" | "hostCallbacks"> {
  return {
    engine: session.engine,
    ...(options.payload === undefined &&
      session.payload !== undefined && { payload: session.payload }),
    ...(options.onError === undefined &&
      session.onError !== undefined && { onError: session.onError }),
    ...(options.hostCallbacks === undefined &&
      session.hostCallbacks !== undefined && { hostCallbacks: session.hostCallbacks }),
  };
}
