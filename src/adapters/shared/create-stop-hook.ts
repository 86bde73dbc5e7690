import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { HookEngine } from "../../engine/engine.js";
import type { HostCallbacks } from "../../run/host-callbacks.js";
import { type AdapterErrorHandler, dispatchSafely } from "./dispatch-safely.js";

/** Consecutive continuations allowed when neither the caller nor the profile sets a cap. */
export const defaultMaxContinuations = 8;

/** What the Stop hooks decided at the end of a turn. */
export interface StopVerdict {
  /** Whether the agent should go on, with `reason` as a new user message. */
  continue: boolean;
  /** The hooks' reason to keep going, or null when the turn ends. */
  reason: string | null;
  /** The whole dispatch result (runs, diagnostics, system messages). */
  result: DispatchResult;
  /** Consecutive continuations, counting this one; 0 when the turn ends. */
  continuations: number;
}

/** Options of {@link createStopHook}. */
export interface StopHookOptions {
  /** Most consecutive continuations; default: the profile's `continuationCap`, else 8. */
  maxContinuations?: number;
  /** Extra fields of every Stop payload (`session_id`, `transcript_path`, …). */
  payload?: Readonly<Record<string, unknown>>;
  onError?: AdapterErrorHandler;
  /** Callbacks lent to each Stop dispatch (the agent's model for `prompt` hooks), where the engine has none. */
  hostCallbacks?: HostCallbacks;
}

/** Decides, after a turn, whether Stop hooks send the agent back. */
export type StopHook = (lastAssistantMessage: string) => Promise<StopVerdict>;

/**
 * Returns a function that dispatches Stop with the turn's last assistant message and says whether
 * to continue; continuations are bounded by the engine's cap and by `maxContinuations`.
 *
 * @example
 * ```ts
 * const stopHook = createStopHook(engine);
 * const verdict = await stopHook(result.text);
 * if (verdict.continue) messages.push({ role: "user", content: verdict.reason });
 * ```
 */
export function createStopHook(engine: HookEngine, options: StopHookOptions = {}): StopHook {
  const max = options.maxContinuations ?? engine.profile.continuationCap ?? defaultMaxContinuations;
  let continuations = 0;
  return async (lastAssistantMessage) => {
    const result = await dispatchSafely(
      engine,
      "Stop",
      { ...options.payload, last_assistant_message: lastAssistantMessage },
      { onError: options.onError, hostCallbacks: options.hostCallbacks },
    );
    const goOn = result.decision === "block" && continuations < max;
    continuations = goOn ? continuations + 1 : 0;
    return {
      continue: goOn,
      reason: goOn ? (result.reason ?? "A Stop hook asked the agent to continue") : null,
      result,
      continuations,
    };
  };
}
