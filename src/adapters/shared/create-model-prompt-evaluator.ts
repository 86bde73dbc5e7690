import type { EvaluatePrompt } from "../../run/host-callbacks.js";
import { stripJsonFence } from "./strip-json-fence.js";

/** The system instruction sent before a `prompt` hook's prompt: answer with the verdict JSON only. */
export const promptHookInstruction =
  "You evaluate a hook condition for an AI agent. The user's message holds the condition and the " +
  "event it applies to, as JSON. Reply with one JSON object and nothing else, no prose and no code " +
  'fence: {"ok": true, "reason": "<why>"} when the condition is met and the action may go ahead, ' +
  '{"ok": false, "reason": "<why>"} when it is not. Always include "reason", one short sentence.';

/** Options of an adapter's `createPromptEvaluator`. */
export interface PromptEvaluatorOptions<MODEL> {
  /**
   * The model for a hook that names one (`"model": "claude-haiku-4-5"`), or undefined for the
   * default model. Without it, the hook's `model` is ignored and the default model answers.
   */
  resolveModel?: (name: string) => MODEL | undefined;
}

/** What an adapter sends its framework's model for one `prompt` hook. */
export interface ModelQuestion {
  /** The system instruction ({@link promptHookInstruction}). */
  instruction: string;
  /** The hook's prompt, the event JSON in it. */
  prompt: string;
  /** Aborted at the hook's timeout or when the engine closes. */
  signal: AbortSignal;
}

/** Asks a framework's model one question and resolves to its reply text. */
export type AskModel<MODEL> = (model: MODEL, question: ModelQuestion) => Promise<string>;

/**
 * Builds an engine `evaluatePrompt` on a framework's model: the instruction and the hook's prompt
 * go to `askModel` (with the model the hook names, where `resolveModel` maps it), and the reply
 * text, without a Markdown code fence, goes back to the engine, which parses it.
 *
 * @example
 * ```ts
 * const evaluatePrompt = createModelPromptEvaluator(model, {}, async (chosen, question) =>
 *   (await generateText({ model: chosen, system: question.instruction, prompt: question.prompt })).text,
 * );
 * ```
 */
export function createModelPromptEvaluator<MODEL>(
  model: MODEL,
  options: PromptEvaluatorOptions<MODEL>,
  askModel: AskModel<MODEL>,
): EvaluatePrompt {
  return async (request) => {
    const { signal } = request;
    signal.throwIfAborted();
    const named = request.model === null ? undefined : options.resolveModel?.(request.model);
    const question = { instruction: promptHookInstruction, prompt: request.prompt, signal };
    const reply = await settleBeforeAbort(askModel(named ?? model, question), signal);
    return stripJsonFence(reply);
  };
}

/**
 * Makes an adapter's `createPromptEvaluator(model, options?)` from how its framework asks a model
 * one question: each call builds a {@link createModelPromptEvaluator} on that model.
 *
 * @example
 * ```ts
 * export const createPromptEvaluator = definePromptEvaluator<LanguageModel>(async (model, question) =>
 *   (await generateText({ model, system: question.instruction, prompt: question.prompt })).text,
 * );
 * ```
 */
export function definePromptEvaluator<MODEL>(
  askModel: AskModel<MODEL>,
): (model: MODEL, options?: PromptEvaluatorOptions<MODEL>) => EvaluatePrompt {
  return (model, options = {}) => createModelPromptEvaluator(model, options, askModel);
}

// A framework that ignores the signal still leaves the hook at its timeout: the reply loses the race.
function settleBeforeAbort<VALUE>(pending: Promise<VALUE>, signal: AbortSignal): Promise<VALUE> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    pending.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}
