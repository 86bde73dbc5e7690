import { type AgentInputItem, user } from "@openai/agents";
import { stringifyOutput } from "../../event-stream/stringify-output.js";
import { runStopLoop, type StopLoopOptions, type StopLoopRun } from "../shared/run-stop-loop.js";

/** What `runWithStopHooks` needs of a `run()` result. */
export interface AgentTurn {
  finalOutput?: unknown;
  history: AgentInputItem[];
  /** Tool approvals the run paused on; a paused run is not a stop. */
  interruptions?: readonly unknown[];
}

/** Options of {@link runWithStopHooks}. */
export interface RunWithStopHooksOptions<RESULT extends AgentTurn> extends StopLoopOptions {
  /** The first input: the user's message or the conversation so far. */
  input: string | AgentInputItem[];
  /** Runs one turn, typically `(input) => run(agent, input)`. */
  generate: (input: string | AgentInputItem[]) => Promise<RESULT>;
}

/** The last run's result and what the Stop hooks did. */
export type StopHookRun<RESULT> = StopLoopRun<RESULT>;

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
