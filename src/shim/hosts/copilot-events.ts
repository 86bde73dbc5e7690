import { copilotProfile } from "../../profiles/copilot.js";
import { findEventSpec } from "../../profiles/find-event-spec.js";
import type { EventSpec } from "../../profiles/profile.js";
import { readCanonicalEvent, type ShimHost } from "./shim-host.js";

/** A Copilot CLI event by its camelCase name, and the `copilot` profile's row of it. */
export interface CopilotEvent {
  event: string;
  spec: EventSpec | undefined;
}

/**
 * The camelCase name of a Copilot CLI event, given in camelCase or in the PascalCase spelling
 * Copilot CLI also takes (whose payloads are snake_case), or null when Copilot CLI has no such
 * event: the host's first spelling of the event's canonical event.
 *
 * @example
 * ```ts
 * resolveCopilotEventName(copilotHost, "PreToolUse"); // "preToolUse"
 * ```
 */
export function resolveCopilotEventName(
  host: Pick<ShimHost, "events">,
  event: string,
): string | null {
  const canonical = readCanonicalEvent(host, event);
  return canonical === null ? null : host.events.writeName(canonical, null);
}

/**
 * A Copilot CLI event, given in either spelling, as its camelCase name (the given name where
 * Copilot CLI has no such event) and the `copilot` profile's row of it, if any.
 *
 * @example
 * ```ts
 * findCopilotEvent(copilotHost, "PreToolUse").event; // "preToolUse"
 * ```
 */
export function findCopilotEvent(host: Pick<ShimHost, "events">, hostEvent: string): CopilotEvent {
  const event = resolveCopilotEventName(host, hostEvent) ?? hostEvent;
  return { event, spec: findEventSpec(copilotProfile, event) };
}

/**
 * Whether Copilot CLI sends an event's payload in snake_case: it does when the hook is configured
 * under the PascalCase (VS Code compatible) spelling of the event.
 *
 * @example
 * ```ts
 * isSnakeCaseCopilotEvent(copilotHost, "PreToolUse"); // true
 * isSnakeCaseCopilotEvent(copilotHost, "preToolUse"); // false
 * ```
 */
export function isSnakeCaseCopilotEvent(host: Pick<ShimHost, "events">, event: string): boolean {
  const name = resolveCopilotEventName(host, event);
  return name !== null && name !== event;
}
