import { Agent, type Model, run } from "@openai/agents";
import { definePromptEvaluator } from "../shared/create-model-prompt-evaluator.js";

/** An OpenAI Agents model, or a model name the default model provider resolves, as `Agent` takes. */
export type PromptHookModel = string | Model;

/**
 * Returns an engine `evaluatePrompt` that answers Claude Code `prompt` hooks with an OpenAI Agents
 * model (the one your agent uses): a one-turn `run()` of a tool-less agent whose instructions ask
 * for `{"ok", "reason"}` JSON, the hook's prompt as input, with the hook's abort signal. The
 * hook's own `model` is ignored unless `resolveModel` maps it.
 *
 * @param model - A `Model`, or a model name such as `"gpt-5-mini"`.
 * @param options - `resolveModel(name)`: the model for a hook that names one.
 * @example
 * ```ts
 * import { Agent, run } from "@openai/agents";
 * import { createHookEngine } from "agent-hooks";
 * import { createPromptEvaluator, withHooks } from "agent-hooks/openai-agents";
 *
 * const engine = await createHookEngine({
 *   profile: "claude",
 *   cwd: process.cwd(),
 *   evaluatePrompt: createPromptEvaluator(model),
 * });
 * const agent = new Agent({ name: "coder", model, tools: withHooks(engine, tools) });
 * await run(agent, "Clean the build folder");
 * ```
 */
export const createPromptEvaluator = definePromptEvaluator<PromptHookModel>(
  async (model, question) => {
    const judge = new Agent({
      name: "agent-hooks prompt hook",
      instructions: question.instruction,
      model,
    });
    const result = await run(judge, question.prompt, { signal: question.signal, maxTurns: 1 });
    const output: unknown = result.finalOutput;
    return typeof output === "string" ? output : JSON.stringify(output ?? null);
  },
);
