import type { ToolMessage } from "@langchain/core/messages";
import { createToolErrorMessage, markHalt } from "./hook-messages.js";
import type { MiddlewareContext, RunRuntime } from "./middleware-context.js";

/** What PermissionRequest hooks answered for a call: allow or deny on the user's behalf, or nothing. */
export type PermissionVerdict =
  | { behavior: "allow"; updatedInput?: Record<string, unknown> }
  | { behavior: "deny"; message: string; interrupt: boolean }
  | { behavior: "none" };

/** The call a permission prompt is about to ask for. */
export interface PermissionQuestion {
  runtime: RunRuntime;
  publicToolName: string;
  args: Record<string, unknown>;
}

/**
 * Dispatches PermissionRequest before a human is asked about a tool call: any deny wins, else an
 * allow answers for the user (with the hook's rewritten input, where the profile applies one), else
 * (no decision, or no such event in the profile) the prompt shows.
 */
export async function requestPermission(
  context: MiddlewareContext,
  question: PermissionQuestion,
): Promise<PermissionVerdict> {
  const result = await context.dispatch("PermissionRequest", {
    ...context.sessionPayload(question.runtime),
    tool_name: question.publicToolName,
    tool_input: question.args,
    permission_suggestions: [],
  });
  if (result === null) return { behavior: "none" };
  // `continue: false` stops the call as surely as a deny.
  if (!result.continue) {
    const message = result.stopReason ?? "a hook stopped the call";
    return { behavior: "deny", message, interrupt: true };
  }
  if (result.decision === "deny") {
    // `decision.interrupt: true` (Claude Code) stops the agent's turn as well.
    const interrupt = result.eventOutput?.interrupt === true;
    return { behavior: "deny", message: result.reason ?? "no reason given", interrupt };
  }
  if (result.decision !== "allow") return { behavior: "none" };
  // `decision.updatedInput` reaches the result only where the profile applies it (Claude Code).
  const updatedInput = result.updatedInput;
  return isPlainObject(updatedInput) ? { behavior: "allow", updatedInput } : { behavior: "allow" };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The error tool result of a PermissionRequest deny; with `interrupt` (or `continue: false`) it
 * also ends the run before the next model call, with the refusal as the answer.
 */
export function createPermissionDenial(
  toolCall: { id?: string | undefined; name: string },
  verdict: { message: string; interrupt: boolean },
): ToolMessage {
  const text = `Denied by a PermissionRequest hook: ${verdict.message}`;
  const message = createToolErrorMessage(toolCall, text);
  if (verdict.interrupt) markHalt(message, text);
  return message;
}

/**
 * Dispatches Notification (`permission_prompt`) when a prompt is about to ask the user about a
 * call, so a hook can tell a human who is not watching.
 */
export async function notifyPermissionPrompt(
  context: MiddlewareContext,
  question: PermissionQuestion,
): Promise<void> {
  await context.dispatch("Notification", {
    ...context.sessionPayload(question.runtime),
    message: `The agent needs your permission to use ${question.publicToolName}`,
    notification_type: "permission_prompt",
  });
}
