import { copilotFormat } from "../../convert/formats/copilot.js";

/**
 * Copilot CLI's hook events, by its camelCase name, and the canonical (Claude Code) event each
 * is read as, derived from `convert/`'s Copilot table (`copilotFormat.events`).
 */
export const copilotShimEvents: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(copilotFormat.events).map(([canonical, event]) => [event.name, canonical]),
);

/**
 * The camelCase name of a Copilot CLI event, given in camelCase or in the PascalCase spelling
 * Copilot CLI also takes (whose payloads are snake_case), or null when Copilot CLI has no such event.
 *
 * @example
 * ```ts
 * resolveCopilotEventName("PreToolUse"); // "preToolUse"
 * ```
 */
export function resolveCopilotEventName(event: string): string | null {
  if (Object.hasOwn(copilotShimEvents, event)) return event;
  const spec = Object.hasOwn(copilotFormat.events, event) ? copilotFormat.events[event] : undefined;
  return spec?.name ?? null;
}

/**
 * Whether Copilot CLI sends an event's payload in snake_case: it does when the hook is configured
 * under the PascalCase (VS Code compatible) spelling of the event.
 *
 * @example
 * ```ts
 * isSnakeCaseCopilotEvent("PreToolUse"); // true
 * isSnakeCaseCopilotEvent("preToolUse"); // false
 * ```
 */
export function isSnakeCaseCopilotEvent(event: string): boolean {
  return !Object.hasOwn(copilotShimEvents, event) && resolveCopilotEventName(event) !== null;
}
