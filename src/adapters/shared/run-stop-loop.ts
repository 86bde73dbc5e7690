import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { HookEngine } from "../../engine/engine.js";
import { callSafely } from "./call-safely.js";
import { createStopHook, type StopHookOptions, type StopVerdict } from "./create-stop-hook.js";

/** The options every adapter's `runWithStopHooks` shares. */
export interface StopLoopOptions extends StopHookOptions {
  engine: HookEngine;
  /** Called after each Stop dispatch (errors thrown here are ignored). */
  onStop?: (verdict: StopVerdict) => void;
}

/** How one framework runs a turn, reads it, and continues it with a Stop hook's reason. */
export interface StopLoopTurns<RESULT> {
  /** Runs the next turn (the first, or the one after `continueWith`). */
  runTurn: () => Promise<RESULT>;
  /** Whether the turn paused (on a tool approval) instead of stopping; the host resumes it. */
  isPaused: (result: RESULT) => boolean;
  /** The turn's last assistant message, as the Stop payload carries it. */
  readLastMessage: (result: RESULT) => string;
  /** Prepares the next turn: the conversation so far plus `reason` as a new user message. */
  continueWith: (result: RESULT, reason: string) => void;
}

/** The last turn's result and what the Stop hooks did. */
export interface StopLoopRun<RESULT> {
  result: RESULT;
  /** Times the Stop hooks sent the agent back. */
  continuations: number;
  /** Every Stop dispatch, in order. */
  stops: DispatchResult[];
}

/**
 * Runs turns until one ends for good: after each turn that did not pause, Stop is dispatched, and
 * while a hook blocks (and the caps allow) the turn is continued with the hook's reason.
 */
export async function runStopLoop<RESULT>(
  options: StopLoopOptions,
  turns: StopLoopTurns<RESULT>,
): Promise<StopLoopRun<RESULT>> {
  const stopHook = createStopHook(options.engine, {
    ...(options.maxContinuations !== undefined && { maxContinuations: options.maxContinuations }),
    ...(options.payload !== undefined && { payload: options.payload }),
    ...(options.onError !== undefined && { onError: options.onError }),
    ...(options.hostCallbacks !== undefined && { hostCallbacks: options.hostCallbacks }),
  });
  const stops: DispatchResult[] = [];
  let continuations = 0;
  for (;;) {
    const result = await turns.runTurn();
    if (turns.isPaused(result)) return { result, continuations, stops };
    const verdict = await stopHook(turns.readLastMessage(result));
    stops.push(verdict.result);
    callSafely(options.onStop, verdict);
    if (!verdict.continue || verdict.reason === null) return { result, continuations, stops };
    continuations += 1;
    turns.continueWith(result, verdict.reason);
  }
}
