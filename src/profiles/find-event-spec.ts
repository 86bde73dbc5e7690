import type { EventSpec, Profile } from "./profile.js";

/**
 * Looks up an event of a profile by its own keys only, so `constructor` or `toString` is no event
 * whatever `Object.prototype` says.
 */
export function findEventSpec(profile: Profile, event: string): EventSpec | undefined {
  return Object.hasOwn(profile.events, event) ? profile.events[event] : undefined;
}

/** The event a call is about: the subagent form of `requestedEvent` when `asSubagent` maps it. */
export function resolveDispatchedEvent(
  profile: Profile,
  requestedEvent: string,
  asSubagent: boolean | undefined,
): string {
  const subagentEvent = findEventSpec(profile, requestedEvent)?.subagentEvent;
  return asSubagent === true && subagentEvent !== undefined ? subagentEvent : requestedEvent;
}
