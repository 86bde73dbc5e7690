import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { MiddlewareContext } from "./middleware-context.js";

/** Why a session ended, as SessionEnd's `reason` (the values Claude Code and Deep Agents Code send). */
export type SessionEndReason =
  | "clear"
  | "resume"
  | "logout"
  | "prompt_input_exit"
  | "bypass_permissions_disabled"
  | "other";

/**
 * Dispatches SessionEnd for a thread (the host knows when a session ends; the agent loop does not)
 * and forgets the thread: its next run starts a new session, with SessionStart again. With an
 * event stream, `session.end` follows, after every earlier ordered event.
 */
export async function endSession(
  context: MiddlewareContext,
  reason: SessionEndReason,
  threadId: string | undefined,
): Promise<DispatchResult | null> {
  const runtime = threadId === undefined ? {} : { configurable: { thread_id: threadId } };
  const result = await context.dispatch("SessionEnd", {
    ...context.sessionPayload(runtime),
    reason,
  });
  await context.emitEvent("session.end", context.threadPayload(runtime));
  if (threadId !== undefined) context.startedThreads.delete(threadId);
  context.pausedCalls.forgetThread(threadId);
  context.permissionVerdicts.forgetThread(threadId);
  return result;
}
