import { type AsyncOutputQueue, createAsyncOutputQueue } from "../decide/async-output-queue.js";
import type { RunSummary } from "../decide/dispatch-result.js";
import { createEmptyVerdict } from "../decide/handler-verdict.js";
import { readAsyncRun } from "../decide/read-async-run.js";
import type { PlannedHandler } from "../match/plan-handlers.js";
import { readClock } from "../observe/dispatch-observation.js";
import type { AsyncHookOutput } from "../run/host-callbacks.js";
import {
  type HandlerCall,
  type HandlerRun,
  type HandlerRunContext,
  runPlannedHandler,
} from "./run-planned-handler.js";

/** Runs `async` handlers in the background and keeps what they leave for later dispatches. */
export interface AsyncHandlerRunner {
  /**
   * Starts a planned async handler without waiting for it and resolves at once with its `async`
   * run (no decision); a handler the plan skipped is run (skipped) as usual.
   */
  start(call: HandlerCall, planned: PlannedHandler): Promise<HandlerRun>;
  /** The output waiting for a session's next dispatch, removed from the queue. */
  take: AsyncOutputQueue["take"];
  /** Waits for the running async handlers (the engine's close signal kills them) and drops the queue. */
  close(): Promise<void>;
}

/**
 * Creates the background runner of an engine's `async` handlers: each runs through
 * `runPlannedHandler` (trust verify, pacing, environment, timeout, kill on close), and when it
 * ends its output goes to `onAsyncOutput` and to the next dispatch of its session, unless the
 * engine is closing.
 *
 * @example
 * ```ts
 * const asyncHandlers = createAsyncHandlerRunner(runContext, options.onAsyncOutput);
 * const run = await asyncHandlers.start(call, planned); // run.summary.status === "async"
 * ```
 */
export function createAsyncHandlerRunner(
  context: HandlerRunContext,
  // biome-ignore lint/suspicious/noConfusingVoidType: a callback returning nothing listens too
  onAsyncOutput?: ((output: AsyncHookOutput) => boolean | void) | undefined,
): AsyncHandlerRunner {
  const queue = createAsyncOutputQueue();
  const running = new Set<Promise<void>>();

  const finish = (call: HandlerCall, planned: PlannedHandler, run: HandlerRun): void => {
    // A run the engine's close ended, or one ending after it, delivers nothing.
    if (context.signal.aborted) return;
    const { hook } = planned;
    const read = (hostListens: boolean) =>
      readAsyncRun({
        sessionId: call.sessionId,
        hookId: hook.id,
        hook: hook.definition,
        verdict: run.verdict,
        exitCode: run.summary.exitCode,
        stdout: run.observation.stdout,
        stderr: run.observation.stderr,
        hostListens,
      });
    let ended = read(onAsyncOutput !== undefined);
    if (ended.notice !== null && onAsyncOutput !== undefined) {
      let delivered = true;
      try {
        delivered =
          onAsyncOutput({ sessionId: call.sessionId, hookId: hook.id, ...ended.notice }) !== false;
      } catch {
        // A host callback's failure must not reach the handler's run.
      }
      // `false`: no one listened (a served host that did not subscribe), so it waits as context.
      if (!delivered) ended = read(false);
    }
    if (ended.queued !== null) queue.add(ended.queued);
  };

  return {
    start(call, planned) {
      if (planned.skip !== null) return runPlannedHandler(call, planned, context);
      const startedAt = readClock();
      const work = runPlannedHandler(call, planned, context)
        .then((run) => finish(call, planned, run))
        // Nothing awaits a background run: a failure here must not become an unhandled rejection.
        .catch(() => undefined)
        .finally(() => running.delete(work));
      running.add(work);
      const { hook } = planned;
      const summary: RunSummary = {
        id: hook.id,
        command: hook.definition.command,
        source: hook.definition.file,
        path: hook.definition.path,
        status: "async",
        exitCode: null,
        signal: null,
        durationMs: 0,
      };
      const verdict = createEmptyVerdict("async");
      const observation = {
        summary,
        matcher: hook.definition.matcher,
        startedAt,
        decision: null,
        truncated: false,
        spilled: false,
        stdout: null,
        stderr: null,
        diagnostics: [],
      };
      return Promise.resolve({ verdict, summary, observation });
    },
    take: (sessionId) => queue.take(sessionId),
    async close() {
      await Promise.allSettled([...running]);
      queue.clear();
    },
  };
}
