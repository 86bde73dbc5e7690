import { createEmptyDispatchResult, type DispatchResult } from "../../decide/dispatch-result.js";
import type { DispatchOptions, HookEngine } from "../../engine/engine.js";
import type { HostCallbacks } from "../../run/host-callbacks.js";
import { callSafely } from "./call-safely.js";

/** Called when dispatching an event threw instead of returning a result; the agent goes on. */
export type AdapterErrorHandler = (error: unknown, event: string) => void;

/** Options of {@link dispatchSafely}. */
export interface SafeDispatchOptions {
  dispatch?: DispatchOptions;
  onError?: AdapterErrorHandler | undefined;
  /** Callbacks lent to the dispatch (the agent's model for `prompt` hooks), where the engine has none. */
  hostCallbacks?: HostCallbacks | undefined;
}

/**
 * Dispatches an event and turns an unexpected exception into an empty result (nothing decided),
 * so an engine failure never throws into the agent.
 */
export async function dispatchSafely(
  engine: HookEngine,
  event: string,
  payload: Readonly<Record<string, unknown>>,
  options: SafeDispatchOptions = {},
): Promise<DispatchResult> {
  const dispatchOptions =
    options.hostCallbacks === undefined
      ? options.dispatch
      : { ...options.dispatch, hostCallbacks: options.hostCallbacks };
  try {
    return await engine.dispatch(event, payload, dispatchOptions);
  } catch (error) {
    // A host callback's failure must not reach the agent either.
    callSafely(options.onError, error, event);
    return createEmptyDispatchResult(event, []);
  }
}
