import type { LanguageModelLike } from "@langchain/core/language_models/base";
import { HumanMessage, initChatModel, SystemMessage } from "langchain";
import type { EvaluatePrompt } from "../../run/host-callbacks.js";
import {
  createModelPromptEvaluator,
  type PromptEvaluatorOptions,
} from "../shared/create-model-prompt-evaluator.js";

/** A LangChain chat model, or a `"provider:model"` name as `createAgent` takes. */
export type PromptHookModel = LanguageModelLike | string;

/**
 * Returns an engine `evaluatePrompt` that answers Claude Code `prompt` hooks with a LangChain chat
 * model (the one the agent uses): a system message asking for `{"ok", "reason"}` JSON, then the
 * hook's prompt, sent with `model.invoke(messages, { signal })`. A model name is loaded once with
 * `initChatModel`. The hook's own `model` is ignored unless `resolveModel` maps it.
 *
 * @param model - The chat model, or a name such as `"anthropic:claude-haiku-4-5"`.
 * @param options - `resolveModel(name)`: the model for a hook that names one.
 * @example
 * ```ts
 * import { createHookEngine } from "agent-hooks";
 * import { createHooksMiddleware, createPromptEvaluator } from "agent-hooks/langchain";
 * import { createAgent } from "langchain";
 *
 * const engine = await createHookEngine({
 *   profile: "claude",
 *   cwd: process.cwd(),
 *   evaluatePrompt: createPromptEvaluator(model),
 * });
 * const agent = createAgent({ model, tools, middleware: [createHooksMiddleware(engine)] });
 * ```
 */
export function createPromptEvaluator(
  model: PromptHookModel,
  options: PromptEvaluatorOptions<PromptHookModel> = {},
): EvaluatePrompt {
  const loaded = new Map<string, Promise<LanguageModelLike>>();
  const load = (chosen: PromptHookModel): LanguageModelLike | Promise<LanguageModelLike> => {
    if (typeof chosen !== "string") return chosen;
    let pending = loaded.get(chosen);
    if (pending === undefined) {
      pending = initChatModel(chosen);
      // A name that failed to load is tried again by the next hook.
      pending.catch(() => loaded.delete(chosen));
      loaded.set(chosen, pending);
    }
    return pending;
  };
  return createModelPromptEvaluator(model, options, async (chosen, question) => {
    const chatModel = await load(chosen);
    const reply = await chatModel.invoke(
      [new SystemMessage(question.instruction), new HumanMessage(question.prompt)],
      { signal: question.signal },
    );
    return typeof reply === "string" ? reply : reply.text;
  });
}
