import { type AgentInputItem, user } from "@openai/agents";
import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { HookEngine } from "../../engine.js";
import { stringifyOutput } from "../../event-stream/stringify-output.js";
import type { StopVerdict } from "../shared/create-stop-hook.js";
import type { AdapterErrorHandler } from "../shared/dispatch-safely.js";
import { runStopLoop } from "../shared/run-stop-loop.js";

/** What `runWithStopHooks` needs of a `run()` result. */
export interface AgentTurn {
  finalOutput?: unknown;
  history: AgentInputItem[];
  /** Tool approvals the run paused on; a paused run is not a stop. */
  interruptions?: readonly unknown[];
}

/** Options of {@link runWithStopHooks}. */
export interface RunWithStopHooksOptions<RESULT extends AgentTurn> {
  engine: HookEngine;
  /** The first input: the user's message or the conversation so far. */
  input: string | AgentInputItem[];
  /** Runs one turn, typically `(input) => run(agent, input)`. */
  generate: (input: string | AgentInputItem[]) => Promise<RESULT>;
  /** Most consecutive continuations; default: the profile's `continuationCap`, else 8. */
  maxContinuations?: number;
  /** Extra fields of every Stop payload (`session_id`, …). */
  payload?: Readonly<Record<string, unknown>>;
  /** Called after each Stop dispatch (errors thrown here are ignored). */
  onStop?: (verdict: StopVerdict) => void;
  onError?: AdapterErrorHandler;
}

/** The last run's result and what the Stop hooks did. */
export interface StopHookRun<RESULT> {
  result: RESULT;
  /** Times the Stop hooks sent the agent back. */
  continuations: number;
  /** Every Stop dispatch, in order. */
  stops: DispatchResult[];
}

/**
 * Runs the agent and, each time a run finishes, dispatches Stop: while a hook blocks (and the caps
 * allow), the run's history plus the reason as a new user message is run again.
 *
 * @example
 * ```ts
 * const { result, continuations } = await runWithStopHooks({
 *   engine,
 *   input: "Fix the failing test",
 *   generate: (input) => run(agent, input),
 * });
 * ```
 */
export async function runWithStopHooks<RESULT extends AgentTurn>(
  options: RunWithStopHooksOptions<RESULT>,
): Promise<StopHookRun<RESULT>> {
  let input = options.input;
  return runStopLoop(options, {
    runTurn: () => options.generate(input),
    isPaused: (result) => (result.interruptions?.length ?? 0) > 0,
    readLastMessage: (result) => stringifyOutput(result.finalOutput),
    continueWith: (result, reason) => {
      input = [...result.history, user(reason)];
    },
  });
}
