import type { ModelMessage } from "ai";
import { runStopLoop, type StopLoopOptions, type StopLoopRun } from "../shared/run-stop-loop.js";

/** What `runWithStopHooks` needs of a `generateText` result. */
export interface GeneratedTurn {
  text: string;
  response: { messages: readonly ModelMessage[] };
  /** The step's content; a turn waiting on a tool approval is not a stop. */
  content?: readonly { type: string }[];
}

/** Options of {@link runWithStopHooks}. */
export interface RunWithStopHooksOptions<RESULT extends GeneratedTurn> extends StopLoopOptions {
  /** The conversation so far, ending with the user's message. */
  messages: readonly ModelMessage[];
  /** Runs one turn, typically `(messages) => generateText({ model, tools, messages, stopWhen })`. */
  generate: (messages: ModelMessage[]) => Promise<RESULT>;
}

/** The last turn's result, the whole conversation, and what the Stop hooks did. */
export interface StopHookRun<RESULT> extends StopLoopRun<RESULT> {
  messages: ModelMessage[];
}

/**
 * Runs `generate` and, each time it finishes, dispatches Stop: while a hook blocks (and the caps
 * allow), its reason becomes a new user message and `generate` runs again.
 *
 * @example
 * ```ts
 * const { result, continuations } = await runWithStopHooks({
 *   engine,
 *   messages: [{ role: "user", content: "Fix the failing test" }],
 *   generate: (messages) => generateText({ model, tools, messages, stopWhen: stepCountIs(10) }),
 * });
 * ```
 */
export async function runWithStopHooks<RESULT extends GeneratedTurn>(
  options: RunWithStopHooksOptions<RESULT>,
): Promise<StopHookRun<RESULT>> {
  const messages: ModelMessage[] = [...options.messages];
  const run = await runStopLoop(options, {
    runTurn: async () => {
      const result = await options.generate([...messages]);
      messages.push(...result.response.messages);
      return result;
    },
    // A turn paused for a tool approval has not stopped; the host resumes it.
    isPaused: (result) =>
      result.content?.some((part) => part.type === "tool-approval-request") === true,
    readLastMessage: (result) => result.text,
    continueWith: (_result, reason) => {
      messages.push({ role: "user", content: reason });
    },
  });
  return { result: run.result, messages, continuations: run.continuations, stops: run.stops };
}
