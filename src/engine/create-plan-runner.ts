import type { PlannedHandler } from "../match/plan-handlers.js";
import type { AsyncHookOutput } from "../run/host-callbacks.js";
import {
  type AsyncHandlerRunner,
  createAsyncHandlerRunner,
} from "./create-async-handler-runner.js";
import {
  type HandlerCall,
  type HandlerRun,
  type HandlerRunContext,
  runPlannedHandler,
} from "./run-planned-handler.js";

/** Runs each dispatch's planned handlers and knows which dispatches are still running them. */
export interface PlanRunner {
  /**
   * Runs a dispatch's planned handlers concurrently and resolves with their runs in plan order;
   * an `async` handler is started in the background and listed as `async`.
   */
  run(call: HandlerCall, planned: readonly PlannedHandler[]): Promise<HandlerRun[]>;
  /** How many dispatches are running their handlers now. */
  readonly running: number;
  /** The output of async handlers that ended since the session's last dispatch, removed. */
  take: AsyncHandlerRunner["take"];
  /** Waits for the async handlers, then for the running dispatches (the close signal kills them). */
  close(): Promise<void>;
}

/**
 * Creates an engine's runner of planned handlers: each through `runPlannedHandler`, or through
 * the async runner when it is `async`.
 *
 * @example
 * ```ts
 * const plans = createPlanRunner(runContext, options.onAsyncOutput);
 * const runs = await plans.run(call, planned);
 * ```
 */
export function createPlanRunner(
  context: HandlerRunContext,
  onAsyncOutput?: ((output: AsyncHookOutput) => void) | undefined,
): PlanRunner {
  const asyncHandlers = createAsyncHandlerRunner(context, onAsyncOutput);
  const running = new Set<Promise<unknown>>();
  return {
    run(call, planned) {
      if (planned.length === 0) return Promise.resolve([]);
      const work = Promise.all(
        planned.map((entry) =>
          entry.hook.definition.async === true
            ? asyncHandlers.start(call, entry)
            : runPlannedHandler(call, entry, context),
        ),
      );
      running.add(work);
      return work.finally(() => running.delete(work));
    },
    get running() {
      return running.size;
    },
    take: (sessionId) => asyncHandlers.take(sessionId),
    async close() {
      await asyncHandlers.close();
      await Promise.allSettled([...running]);
    },
  };
}
