import type { EvaluatePrompt, HostCallbacks } from "../../run/host-callbacks.js";

/** Turns the agent's model into the callbacks an adapter lends each dispatch. */
export type ModelLender<MODEL> = (model: MODEL | undefined) => HostCallbacks | undefined;

/**
 * Returns a lender that answers `prompt` hooks with the model it is given (an `evaluatePrompt` made
 * once per model by the adapter's `createPromptEvaluator`), or lends nothing without a model; the
 * engine's own `evaluatePrompt`, when it has one, still wins.
 *
 * @example
 * ```ts
 * const lend = createModelLender(createPromptEvaluator);
 * await dispatchSafely(engine, "PreToolUse", payload, { hostCallbacks: lend(agent.model) });
 * ```
 */
export function createModelLender<MODEL>(
  createEvaluator: (model: MODEL) => EvaluatePrompt,
): ModelLender<MODEL> {
  // An agent has one model, a run with subagents a few: one evaluator each, made once.
  const lent = new Map<MODEL, HostCallbacks>();
  return (model) => {
    if (model === undefined) return undefined;
    let callbacks = lent.get(model);
    if (callbacks === undefined) {
      callbacks = { evaluatePrompt: createEvaluator(model) };
      lent.set(model, callbacks);
    }
    return callbacks;
  };
}
