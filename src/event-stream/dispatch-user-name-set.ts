import type { EventDispatcher } from "./create-event-dispatcher.js";

/**
 * The onboarding event: fires `user.name.set` `{name, assistant_id}` (fire-and-forget,
 * unordered) when the user submitted a non-empty preferred name; the name is sent trimmed.
 * Returns whether the event was dispatched.
 *
 * @example
 * ```ts
 * dispatchUserNameSet(dispatcher, { name: "Ada", assistantId: "agent" }); // true
 * dispatchUserNameSet(dispatcher, { name: "  ", assistantId: "agent" }); // false, nothing sent
 * ```
 */
export function dispatchUserNameSet(
  dispatcher: Pick<EventDispatcher, "dispatchFireAndForget">,
  submitted: { name: string; assistantId: string },
): boolean {
  const name = typeof submitted.name === "string" ? submitted.name.trim() : "";
  if (name === "") return false;
  dispatcher.dispatchFireAndForget("user.name.set", {
    name,
    assistant_id: submitted.assistantId,
  });
  return true;
}
