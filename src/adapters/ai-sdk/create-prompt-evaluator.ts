import { generateText, type LanguageModel } from "ai";
import { definePromptEvaluator } from "../shared/create-model-prompt-evaluator.js";

/**
 * Returns an engine `evaluatePrompt` that answers Claude Code `prompt` hooks with an AI SDK
 * language model (the one your `generateText` calls use): `generateText({ model, system, prompt,
 * abortSignal })`, the system instruction asking for `{"ok", "reason"}` JSON. The hook's own
 * `model` is ignored unless `resolveModel` maps it (a provider registry's `languageModel`, say).
 *
 * @param model - A language model, or a model id of the global provider.
 * @param options - `resolveModel(name)`: the model for a hook that names one.
 * @example
 * ```ts
 * import { createHookEngine } from "agent-hooks";
 * import { createPromptEvaluator, withHooks } from "agent-hooks/ai-sdk";
 *
 * const engine = await createHookEngine({
 *   profile: "claude",
 *   cwd: process.cwd(),
 *   evaluatePrompt: createPromptEvaluator(model),
 * });
 * const result = await generateText({ model, tools: withHooks(engine, tools), prompt });
 * ```
 */
export const createPromptEvaluator = definePromptEvaluator<LanguageModel>(
  async (model, question) => {
    const result = await generateText({
      model,
      system: question.instruction,
      prompt: question.prompt,
      abortSignal: question.signal,
    });
    return result.text;
  },
);
