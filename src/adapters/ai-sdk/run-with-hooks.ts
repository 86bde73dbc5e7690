import type { ModelMessage } from "ai";
import { isRecord } from "../../shared/is-record.js";
import { runSessionTurn, type SessionTurnOptions } from "../shared/run-session-turn.js";
import { type GeneratedTurn, runWithStopHooks, type StopHookRun } from "./run-with-stop-hooks.js";

/** What the session hooks add to a turn's generation. */
export interface HookedGeneration {
  /** SessionStart's context, for the `system` option (after your own instructions); undefined when none. */
  system: string | undefined;
}

/** Options of {@link runWithHooks}. */
export interface RunWithHooksOptions<RESULT extends GeneratedTurn> extends SessionTurnOptions {
  /** The conversation so far, ending with the user's new prompt. */
  messages: readonly ModelMessage[];
  /**
   * Runs one turn, typically
   * `(messages, { system }) => generateText({ model, tools, system, messages, stopWhen })`.
   */
  generate: (messages: ModelMessage[], hooks: HookedGeneration) => Promise<RESULT>;
}

/** A turn a UserPromptSubmit (or start) hook refused: the model never ran. */
export interface RefusedTurn {
  status: "refused";
  /** Why, as `Prompt blocked by a UserPromptSubmit hook: <reason>`. */
  message: string;
  /** The conversation without the refused prompt. */
  messages: ModelMessage[];
  result: null;
}

/** A turn that ran: the Stop loop's result, with `status: "completed"`. */
export interface CompletedTurn<RESULT> extends StopHookRun<RESULT> {
  status: "completed";
}

/**
 * Runs one user turn with the session's hooks: SessionStart on the session's first turn (its
 * context goes to `generate` as `system`), UserPromptSubmit with the prompt (a block erases the
 * prompt and refuses the turn; context follows the prompt as a user message), then the Stop loop;
 * a turn that pauses on tool approvals dispatches Notification (`permission_prompt`) per tool.
 *
 * @example
 * ```ts
 * const session = createSessionHooks(engine);
 * const turn = await runWithHooks({
 *   session,
 *   messages: [{ role: "user", content: "Fix the failing test" }],
 *   generate: (messages, { system }) =>
 *     generateText({ model, tools, messages, stopWhen: stepCountIs(10), ...(system && { system }) }),
 * });
 * if (turn.status === "refused") console.log(turn.message);
 * ```
 */
export async function runWithHooks<RESULT extends GeneratedTurn>(
  options: RunWithHooksOptions<RESULT>,
): Promise<RefusedTurn | CompletedTurn<RESULT>> {
  const messages = [...options.messages];
  const last = messages.at(-1);
  const turn = await runSessionTurn(options, {
    conversation: messages,
    promptIndex: last?.role === "user" ? messages.length - 1 : -1,
    prompt: last?.role === "user" ? readText(last) : "",
    addPromptContext: (context) => {
      messages.push({ role: "user", content: context });
    },
    runStopLoop: (stopLoopOptions, sessionContext) =>
      runWithStopHooks({
        ...stopLoopOptions,
        messages,
        generate: (turnMessages) =>
          options.generate(turnMessages, { system: sessionContext ?? undefined }),
      }),
    readApprovalTools,
  });
  return turn.status === "refused" ? { ...turn, messages, result: null } : turn;
}

// A turn paused on tool approvals ends with one `tool-approval-request` per call to approve.
function readApprovalTools(result: GeneratedTurn): string[] {
  const names: string[] = [];
  for (const part of result.content ?? []) {
    if (part.type !== "tool-approval-request" || !("toolCall" in part)) continue;
    const call = part.toolCall;
    if (isRecord(call) && typeof call.toolName === "string") names.push(call.toolName);
  }
  return names;
}

function readText(message: ModelMessage): string {
  if (typeof message.content === "string") return message.content;
  const texts: string[] = [];
  for (const part of message.content) {
    if (part.type === "text") texts.push(part.text);
  }
  return texts.join("\n");
}
