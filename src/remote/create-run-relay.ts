import { AsyncLocalStorage } from "node:async_hooks";
import type { AsyncHookOutput, RunEnd, RunStart } from "../engine/engine-types.js";

/** Where one connection's run events go: each method is optional (a host that did not subscribe). */
export interface RunListener {
  runStarted?: ((run: RunStart) => void) | undefined;
  runEnded?: ((run: RunEnd) => void) | undefined;
  /** Returns whether the output reached the host (false: it waits for the next dispatch). */
  asyncOutput?: ((output: AsyncHookOutput) => boolean) | undefined;
}

/** The engine callbacks of a shared engine, and the scope that routes them to one connection. */
export interface RunRelay {
  /** Give these to `createHookEngine`: each routes a run to the listener of the dispatch it belongs to. */
  readonly engineOptions: {
    onRunStart: (run: RunStart) => void;
    onRunEnd: (run: RunEnd) => void;
    onAsyncOutput: (output: AsyncHookOutput) => boolean;
  };
  /** Runs `work` (a dispatch) so that the runs it starts, async ones included, reach `listener`. */
  within<RESULT>(listener: RunListener, work: () => RESULT): RESULT;
}

/**
 * Creates the relay that lets one engine serve many connections yet send each host only the run
 * events of its own dispatches: the engine's `onRunStart`, `onRunEnd` and `onAsyncOutput` look
 * up the connection whose dispatch is running in the current async context.
 *
 * @example
 * ```ts
 * const relay = createRunRelay();
 * const engine = await createHookEngine({ profile: "claude", ...relay.engineOptions });
 * serveHookEngine(engine, channel, { relay });
 * ```
 */
export function createRunRelay(): RunRelay {
  const current = new AsyncLocalStorage<RunListener>();
  return {
    engineOptions: {
      onRunStart: (run) => current.getStore()?.runStarted?.(run),
      onRunEnd: (run) => current.getStore()?.runEnded?.(run),
      // A run no subscribed connection hears is queued for its session's next dispatch instead.
      onAsyncOutput: (output) => current.getStore()?.asyncOutput?.(output) ?? false,
    },
    within: (listener, work) => current.run(listener, work),
  };
}
