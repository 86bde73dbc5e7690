import type { PlannedHandler } from "../match/plan-handlers.js";
import type { AsyncHandlerRunner } from "./create-async-handler-runner.js";
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
   * an `async` handler is handed to the async runner and listed as `async`.
   */
  run(call: HandlerCall, planned: readonly PlannedHandler[]): Promise<HandlerRun[]>;
  /** How many dispatches are running their handlers now (the engine paces new ones beyond a few). */
  readonly running: number;
  /** Resolves once every running dispatch has settled (the close signal kills their processes). */
  settle(): Promise<void>;
}

/**
 * Creates an engine's runner of planned handlers: each through `runPlannedHandler`, or, when it
 * is `async`, through `asyncHandlers` without waiting.
 *
 * @example
 * ```ts
 * const plans = createPlanRunner(runContext, asyncHandlers);
 * const runs = await plans.run(call, planned);
 * ```
 */
export function createPlanRunner(
  context: HandlerRunContext,
  asyncHandlers: Pick<AsyncHandlerRunner, "start">,
): PlanRunner {
  const running = new Set<Promise<unknown>>();
  return {
    run(call, planned) {
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
    async settle() {
      await Promise.allSettled([...running]);
    },
  };
}
