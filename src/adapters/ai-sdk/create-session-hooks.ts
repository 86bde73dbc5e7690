import type { LanguageModel } from "ai";
import { createModelSessionHooks } from "../shared/create-model-session-hooks.js";
import { lendModel } from "./lend-model.js";

/**
 * Creates the lifecycle hooks of one agent session (SessionStart once, UserPromptSubmit per turn,
 * Notification and SessionEnd for the host to call); with `model`, your `generateText` model
 * answers Claude Code `prompt` hooks where the engine has no `evaluatePrompt`.
 *
 * @example
 * ```ts
 * const session = createSessionHooks(engine, { model, payload: { session_id: "s-1" } });
 * const turn = await runWithHooks({ session, messages, generate });
 * await session.endSession("prompt_input_exit");
 * ```
 */
export const createSessionHooks = createModelSessionHooks<LanguageModel>(lendModel);
