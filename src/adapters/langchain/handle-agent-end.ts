import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import {
  countContinuations,
  createEndMessage,
  createFeedbackMessage,
  findLastText,
  isHookMessage,
  readHaltText,
} from "./hook-messages.js";
import type { MiddlewareContext, RunFacts } from "./middleware-context.js";
import { readSubagentScope } from "./subagent-scope.js";

/** What `afterAgent` returns to send the agent back to the model. */
export interface AgentEndUpdate {
  messages: BaseMessage[];
  jumpTo: "model";
}

/**
 * Runs Stop (SubagentStop in a subagent) when the agent is about to finish; a block sends the agent
 * back to the model with the reason as a new user message, while continuations stay under the cap.
 * A top-level run that does finish emits the event stream's `task.complete`.
 */
export async function handleAgentEnd(
  context: MiddlewareContext,
  facts: RunFacts,
): Promise<AgentEndUpdate | undefined> {
  const update = await decideAgentEnd(context, facts);
  if (update === undefined && readSubagentScope() === null) {
    await context.emitEvent("task.complete", context.threadPayload(facts.runtime));
  }
  return update;
}

async function decideAgentEnd(
  context: MiddlewareContext,
  facts: RunFacts,
): Promise<AgentEndUpdate | undefined> {
  const last = facts.messages.at(-1);
  // A run the hooks already ended has nothing left to stop.
  if (last !== undefined && isHookMessage(last, "end")) return undefined;
  const answer = findLastText(facts.messages, (message) => AIMessage.isInstance(message));
  const lastAssistantMessage = answer?.text ?? "";
  const subagent = readSubagentScope();
  const result =
    subagent === null
      ? await context.dispatch("Stop", {
          ...context.sessionPayload(facts.runtime),
          last_assistant_message: lastAssistantMessage,
          background_tasks: [],
          session_crons: [],
        })
      : await context.dispatch("SubagentStop", {
          ...context.sessionPayload(facts.runtime),
          agent_id: subagent.agentId,
          agent_type: subagent.agentType,
          last_assistant_message: lastAssistantMessage,
          background_tasks: [],
          session_crons: [],
        });
  if (result === null || !result.continue || result.decision !== "block") return undefined;
  if (countContinuations(facts.messages) >= context.maxContinuations) return undefined;
  const reason = result.reason ?? `A ${result.event} hook asked the agent to continue`;
  return { messages: [createFeedbackMessage(result.event, reason)], jumpTo: "model" };
}

/**
 * Ends the run before the next model call when a tool result carries a hook's `continue: false`
 * (returns the update that jumps to the end, or undefined).
 */
export function stopHaltedRun(
  messages: readonly BaseMessage[],
): { messages: BaseMessage[]; jumpTo: "end" } | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message === undefined || AIMessage.isInstance(message)) return undefined;
    const text = readHaltText(message);
    if (text !== null) return { messages: [createEndMessage(text)], jumpTo: "end" };
  }
  return undefined;
}
