import { readOwn } from "../shared/read-own.js";
import type { HookFormat } from "./hook-format.js";
import type { PortableHook } from "./portable-hooks.js";

/** A matcher group as Deep Agents, ZeroCode and Claude Code write it. */
export interface WrittenGroup {
  matcher?: string;
  hooks: Record<string, unknown>[];
}

/**
 * Builds an events map of matcher groups. Hooks of one event that follow each other with the same
 * matcher share a group, unless they came from different groups of a grouped source.
 */
export function buildGroupedEvents(
  hooks: readonly PortableHook[],
  format: HookFormat,
  write: {
    /** The matcher as the format writes it; default the portable one. */
    matcher?(hook: PortableHook): string | null;
    handler(hook: PortableHook): Record<string, unknown>;
  },
): Record<string, WrittenGroup[]> {
  // A Map, so an event a source names `__proto__` or `constructor` is a key like any other.
  const events = new Map<string, WrittenGroup[]>();
  const lastHook = new Map<string, PortableHook>();
  for (const hook of hooks) {
    const name = selectEventName(hook, format);
    const groups = events.get(name) ?? [];
    events.set(name, groups);
    const matcher = write.matcher === undefined ? hook.matcher : write.matcher(hook);
    const previous = lastHook.get(name);
    const current = groups.at(-1);
    const sameGroup =
      current !== undefined &&
      previous !== undefined &&
      (current.matcher ?? null) === matcher &&
      (previous.origin.group === null ||
        hook.origin.group === null ||
        previous.origin.group === hook.origin.group);
    if (sameGroup) current.hooks.push(write.handler(hook));
    else groups.push({ ...(matcher !== null && { matcher }), hooks: [write.handler(hook)] });
    lastHook.set(name, hook);
  }
  return Object.fromEntries(events);
}

/** Builds an events map of flat entries, as VS Code's native format and Copilot write it. */
export function buildFlatEvents(
  hooks: readonly PortableHook[],
  format: HookFormat,
  writeEntry: (hook: PortableHook) => Record<string, unknown>,
): Record<string, Record<string, unknown>[]> {
  const events = new Map<string, Record<string, unknown>[]>();
  for (const hook of hooks) {
    const name = selectEventName(hook, format);
    events.set(name, [...(events.get(name) ?? []), writeEntry(hook)]);
  }
  return Object.fromEntries(events);
}

/**
 * The event name to write: the format's spelling, or the source's own spelling when the hook
 * comes from the same format under an accepted alias (Copilot's PascalCase `PreToolUse`).
 */
export function selectEventName(hook: PortableHook, format: HookFormat): string {
  const spec = readOwn(format.events, hook.event);
  if (spec === undefined) return hook.event;
  if (hook.origin.format === format.name && spec.aliases.includes(hook.origin.event)) {
    return hook.origin.event;
  }
  return spec.name;
}
