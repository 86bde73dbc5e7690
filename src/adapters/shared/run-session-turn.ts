import {
  formatHookContext,
  inheritSessionOptions,
  notifyApprovals,
  type SessionHooks,
} from "./create-session-hooks.js";
import type { StopLoopOptions, StopLoopRun } from "./run-stop-loop.js";
import { startPromptTurn } from "./start-prompt-turn.js";

/** The options every adapter's `runWithHooks` shares. */
export interface SessionTurnOptions extends Omit<StopLoopOptions, "engine"> {
  /** The session (from `createSessionHooks`), shared by every turn of one conversation. */
  session: SessionHooks;
}

/** How one framework's conversation goes through a session turn. */
export interface SessionTurnSteps<RESULT, RUN extends StopLoopRun<RESULT>> {
  /** The turn's own copy of the conversation; a refusal takes the prompt out of it. */
  conversation: unknown[];
  /** Where the user's prompt is in `conversation` (-1: none). */
  promptIndex: number;
  /** The prompt's text, as UserPromptSubmit carries it. */
  prompt: string;
  /** Puts the UserPromptSubmit context, the text of a user message, after the prompt. */
  addPromptContext: (context: string) => void;
  /**
   * Runs the Stop loop with the turn's options (the session's filled in where the turn leaves
   * them out), given the SessionStart context as text (null when there is none).
   */
  runStopLoop: (options: StopLoopOptions, sessionContext: string | null) => Promise<RUN>;
  /** The names of the tools the last turn paused on for approval. */
  readApprovalTools: (result: RESULT) => string[];
}

/** How a session turn ended: refused by a start hook, or run, with the Stop loop's result. */
export type SessionTurnEnd<RUN> =
  | { status: "refused"; message: string }
  | ({ status: "completed" } & RUN);

/**
 * Runs one user turn with the session's hooks: SessionStart on the session's first turn,
 * UserPromptSubmit with the prompt (a refusal takes the prompt out of the conversation and ends
 * the turn; context follows the prompt), then the Stop loop; a turn that pauses on tool approvals
 * dispatches Notification (`permission_prompt`) per tool.
 */
export async function runSessionTurn<RESULT, RUN extends StopLoopRun<RESULT>>(
  options: SessionTurnOptions,
  steps: SessionTurnSteps<RESULT, RUN>,
): Promise<SessionTurnEnd<RUN>> {
  const { session } = options;
  const start = await startPromptTurn(session, steps.conversation, steps.promptIndex, steps.prompt);
  if (start.refused) return { status: "refused", message: start.message };
  if (start.promptContext !== null) steps.addPromptContext(start.promptContext);
  const run = await steps.runStopLoop(
    { ...options, ...inheritSessionOptions(session, options) },
    formatHookContext("SessionStart", session.sessionContext),
  );
  await notifyApprovals(session, steps.readApprovalTools(run.result));
  return { status: "completed", ...run };
}
