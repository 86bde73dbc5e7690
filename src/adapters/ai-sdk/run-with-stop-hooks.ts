import type { ModelMessage } from "ai";
import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { HookEngine } from "../../engine.js";
import type { StopVerdict } from "../shared/create-stop-hook.js";
import type { AdapterErrorHandler } from "../shared/dispatch-safely.js";
import { runStopLoop } from "../shared/run-stop-loop.js";

/** What `runWithStopHooks` needs of a `generateText` result. */
export interface GeneratedTurn {
  text: string;
  response: { messages: readonly ModelMessage[] };
  /** The step's content; a turn waiting on a tool approval is not a stop. */
  content?: readonly { type: string }[];
}

/** Options of {@link runWithStopHooks}. */
export interface RunWithStopHooksOptions<RESULT extends GeneratedTurn> {
  engine: HookEngine;
  /** The conversation so far, ending with the user's message. */
  messages: readonly ModelMessage[];
  /** Runs one turn, typically `(messages) => generateText({ model, tools, messages, stopWhen })`. */
  generate: (messages: ModelMessage[]) => Promise<RESULT>;
  /** Most consecutive continuations; default: the profile's `continuationCap`, else 8. */
  maxContinuations?: number;
  /** Extra fields of every Stop payload (`session_id`, …). */
  payload?: Readonly<Record<string, unknown>>;
  /** Called after each Stop dispatch (errors thrown here are ignored). */
  onStop?: (verdict: StopVerdict) => void;
  onError?: AdapterErrorHandler;
}

/** The last turn's result, the whole conversation, and what the Stop hooks did. */
export interface StopHookRun<RESULT> {
  result: RESULT;
  messages: ModelMessage[];
  /** Times the Stop hooks sent the agent back. */
  continuations: number;
  /** Every Stop dispatch, in order. */
  stops: DispatchResult[];
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
