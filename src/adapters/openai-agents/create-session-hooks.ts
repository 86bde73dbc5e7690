import { createModelSessionHooks } from "../shared/create-model-session-hooks.js";
import type { PromptHookModel } from "./create-prompt-evaluator.js";
import { lendModel } from "./lend-model.js";

/**
 * Creates the lifecycle hooks of one agent session (SessionStart once, UserPromptSubmit per turn,
 * Notification and SessionEnd for the host to call); with `model`, your agent's model answers
 * Claude Code `prompt` hooks where the engine has no `evaluatePrompt`.
 *
 * @example
 * ```ts
 * const session = createSessionHooks(engine, { model: agent.model });
 * const turn = await runWithHooks({ session, input: "Fix the test", generate: (input) => run(agent, input) });
 * ```
 */
export const createSessionHooks = createModelSessionHooks<PromptHookModel>(lendModel);
