import { readCanonicalEvent, type ShimHost } from "./shim-host.js";

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
