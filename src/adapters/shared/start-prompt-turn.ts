import { formatHookContext, type SessionHooks } from "./create-session-hooks.js";

/** What {@link startPromptTurn} decided: the turn is refused, or it runs with the prompt's context. */
export type PromptTurnStart =
  | { refused: true; message: string }
  | { refused: false; promptContext: string | null };

/**
 * Starts one user turn of a conversation with the session's start hooks. A refusal removes the
 * prompt at `promptIndex` (-1: none) from `conversation`, so no later turn sends it; otherwise
 * `promptContext` is the UserPromptSubmit context as the text of a message after the prompt (null
 * when there is none).
 */
export async function startPromptTurn(
  session: SessionHooks,
  conversation: unknown[],
  promptIndex: number,
  prompt: string,
): Promise<PromptTurnStart> {
  const verdict = await session.startTurn(prompt);
  if (verdict.refused) {
    if (promptIndex >= 0) conversation.splice(promptIndex, 1);
    return { refused: true, message: verdict.message ?? "" };
  }
  return {
    refused: false,
    promptContext: formatHookContext("UserPromptSubmit", verdict.promptContext),
  };
}
