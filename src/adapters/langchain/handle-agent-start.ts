import { AIMessage, type BaseMessage, HumanMessage, RemoveMessage } from "@langchain/core/messages";
import type { DispatchResult } from "../../decide/dispatch-result.js";
import {
  createContextMessage,
  createEndMessage,
  findLastText,
  isHookMessage,
} from "./hook-messages.js";
import type { MiddlewareContext, RunFacts } from "./middleware-context.js";
import { readSubagentScope } from "./subagent-scope.js";

/** What `beforeAgent` returns: messages to add, and `end` to finish the run at once. */
export interface AgentStartUpdate {
  messages: BaseMessage[];
  jumpTo?: "end";
}

/**
 * Runs the start-of-run events: SessionStart (once per thread) and UserPromptSubmit for a top-level
 * run, SubagentStart for a subagent; context becomes a message, and a blocked prompt (or
 * `continue: false`) ends the run with the reason as the assistant's answer. A top-level run first
 * emits the event stream's `session.start` (with SessionStart) and `user.prompt`.
 */
export async function handleAgentStart(
  context: MiddlewareContext,
  facts: RunFacts,
): Promise<AgentStartUpdate | undefined> {
  const added: BaseMessage[] = [];
  const base = context.sessionPayload(facts.runtime);
  const subagent = readSubagentScope();
  if (subagent !== null) {
    const result = await context.dispatch("SubagentStart", {
      ...base,
      agent_id: subagent.agentId,
      agent_type: subagent.agentType,
    });
    return readStartResult(result, added) ?? toUpdate(added);
  }

  const threadId = context.threadOf(facts.runtime);
  const starting = threadId === undefined || !context.startedThreads.has(threadId);
  // The event stream's own events come first, in program order, whatever the hooks decide.
  if (starting) await context.emitEvent("session.start", context.threadPayload(facts.runtime));
  await context.emitEvent("user.prompt", {});
  if (starting) {
    if (threadId !== undefined) context.startedThreads.add(threadId);
    const resumed = facts.messages.some((message) => AIMessage.isInstance(message));
    const result = await context.dispatch("SessionStart", {
      ...base,
      source: resumed ? "resume" : "startup",
    });
    const ended = readStartResult(result, added);
    if (ended !== null) return ended;
  }

  const prompt = findLastText(
    facts.messages,
    (message) => HumanMessage.isInstance(message) && !isHookMessage(message),
  );
  const result = await context.dispatch("UserPromptSubmit", {
    ...base,
    prompt: prompt?.text ?? "",
  });
  if (result?.continue && result.decision === "block") {
    const reason = result.reason ?? "no reason given";
    return endRun(`Prompt blocked by a UserPromptSubmit hook: ${reason}`, prompt?.message);
  }
  return readStartResult(result, added, prompt?.message) ?? toUpdate(added);
}

// `continue: false` ends the run; otherwise context is collected. Returns the ending update or null.
function readStartResult(
  result: DispatchResult | null,
  added: BaseMessage[],
  prompt?: BaseMessage,
): AgentStartUpdate | null {
  if (result === null) return null;
  if (!result.continue) {
    const reason = result.stopReason ?? `A ${result.event} hook stopped the run`;
    return endRun(`Stopped by a ${result.event} hook: ${reason}`, prompt);
  }
  if (result.additionalContext.length > 0) {
    added.push(createContextMessage(result.event, result.additionalContext));
  }
  return null;
}

// A stopped prompt leaves the conversation, so no later model call sees it.
function endRun(text: string, prompt: BaseMessage | undefined): AgentStartUpdate {
  const remove = typeof prompt?.id === "string" ? [new RemoveMessage({ id: prompt.id })] : [];
  return { messages: [...remove, createEndMessage(text)], jumpTo: "end" };
}

function toUpdate(messages: BaseMessage[]): AgentStartUpdate | undefined {
  return messages.length === 0 ? undefined : { messages };
}
