import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { MiddlewareContext } from "./middleware-context.js";

/** A notification the host shows the user, as Notification's payload fields. */
export interface HookNotification {
  message: string;
  /** What it is about, matched by Notification matchers: `permission_prompt`, `idle_prompt`, … */
  notificationType: string;
  title?: string;
  /** The thread it belongs to, for `session_id` (through `resolveSessionId`). */
  threadId?: string;
}

/** Dispatches Notification for something the host shows the user (hooks can only observe it). */
export async function sendNotification(
  context: MiddlewareContext,
  notification: HookNotification,
): Promise<DispatchResult | null> {
  const runtime =
    notification.threadId === undefined
      ? {}
      : { configurable: { thread_id: notification.threadId } };
  return context.dispatch("Notification", {
    ...context.sessionPayload(runtime),
    message: notification.message,
    notification_type: notification.notificationType,
    ...(notification.title !== undefined && { title: notification.title }),
  });
}
