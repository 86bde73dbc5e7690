import { type AgentInputItem, system, user } from "@openai/agents";
import { isRecord } from "../../shared/is-record.js";
import type { SessionHooks } from "../shared/create-session-hooks.js";
import { runSessionTurn, type SessionTurnOptions } from "../shared/run-session-turn.js";
import { type AgentTurn, runWithStopHooks, type StopHookRun } from "./run-with-stop-hooks.js";

// Sessions whose SessionStart context is already in the conversation they carry.
const contextDelivered = new WeakSet<SessionHooks>();

/** Options of {@link runWithHooks}. */
export interface RunWithHooksOptions<RESULT extends AgentTurn> extends SessionTurnOptions {
  /** The user's prompt, or the conversation so far ending with it. */
  input: string | AgentInputItem[];
  /** Runs one turn, typically `(input) => run(agent, input)`. */
  generate: (input: AgentInputItem[]) => Promise<RESULT>;
}

/** A turn a UserPromptSubmit (or start) hook refused: the agent never ran. */
export interface RefusedTurn {
  status: "refused";
  /** Why, as `Prompt blocked by a UserPromptSubmit hook: <reason>`. */
  message: string;
  /** The conversation without the refused prompt. */
  input: AgentInputItem[];
  result: null;
}

/** A turn that ran: the Stop loop's result, with `status: "completed"`. */
export interface CompletedTurn<RESULT> extends StopHookRun<RESULT> {
  status: "completed";
}

/**
 * Runs one user turn with the session's hooks: SessionStart on the session's first turn (its
 * context becomes a system message at the start of the input), UserPromptSubmit with the prompt
 * (a block erases the prompt and refuses the turn; context follows the prompt), then the Stop loop;
 * a run that pauses on tool approvals dispatches Notification (`permission_prompt`) per tool.
 *
 * @example
 * ```ts
 * const session = createSessionHooks(engine);
 * const turn = await runWithHooks({ session, input: "Fix the test", generate: (input) => run(agent, input) });
 * if (turn.status === "refused") console.log(turn.message);
 * ```
 */
export async function runWithHooks<RESULT extends AgentTurn>(
  options: RunWithHooksOptions<RESULT>,
): Promise<RefusedTurn | CompletedTurn<RESULT>> {
  const items: AgentInputItem[] =
    typeof options.input === "string" ? [user(options.input)] : [...options.input];
  const promptIndex = findLastUserIndex(items);
  const promptItem = items[promptIndex];
  const turn = await runSessionTurn(options, {
    conversation: items,
    promptIndex,
    prompt: promptItem === undefined ? "" : readText(promptItem),
    addPromptContext: (context) => {
      items.splice(promptIndex + 1, 0, user(context));
    },
    runStopLoop: (stopLoopOptions, sessionContext) => {
      // The context goes in once: later turns carry it in the history they pass back.
      if (sessionContext !== null && !contextDelivered.has(options.session)) {
        contextDelivered.add(options.session);
        items.unshift(system(sessionContext));
      }
      return runWithStopHooks({
        ...stopLoopOptions,
        input: items,
        generate: (input) => options.generate(typeof input === "string" ? [user(input)] : input),
      });
    },
    readApprovalTools,
  });
  return turn.status === "refused" ? { ...turn, input: items, result: null } : turn;
}

// A run paused on tool approvals lists them as interruptions (RunToolApprovalItem, with a name).
function readApprovalTools(result: AgentTurn): string[] {
  const names: string[] = [];
  for (const item of result.interruptions ?? []) {
    if (isRecord(item) && typeof item.name === "string") names.push(item.name);
  }
  return names;
}

function findLastUserIndex(items: readonly AgentInputItem[]): number {
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index];
    if (item !== undefined && "role" in item && item.role === "user") return index;
  }
  return -1;
}

function readText(item: AgentInputItem): string {
  if (!("role" in item) || item.role !== "user") return "";
  if (typeof item.content === "string") return item.content;
  const texts: string[] = [];
  for (const part of item.content) {
    if (part.type === "input_text") texts.push(part.text);
  }
  return texts.join("\n");
}
