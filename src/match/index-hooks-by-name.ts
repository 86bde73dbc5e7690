import type { CompiledHook } from "./compile-hooks.js";

/** One event's compiled hooks, indexed by the names their matchers can select. */
export interface HookNameIndex {
  /** Every hook of the event, in configuration order. */
  hooks: readonly CompiledHook[];
  /** Positions (in `hooks`) of hooks whose matcher selects only listed names, by name. */
  byName: ReadonlyMap<string, readonly number[]>;
  /** Positions of hooks whose matcher can select any value (match-all and regex matchers). */
  anyName: readonly number[];
}

const noHooks: readonly CompiledHook[] = Object.freeze([]);

/** Indexes an event's hooks once, at load, so a dispatch reads only the hooks that can match. */
export function indexHooksByName(hooks: readonly CompiledHook[]): HookNameIndex {
  const byName = new Map<string, number[]>();
  const anyName: number[] = [];
  hooks.forEach((hook, position) => {
    const { kind, source } = hook.matcher;
    if ((kind !== "exact" && kind !== "alternation") || source === null) {
      anyName.push(position);
      return;
    }
    for (const name of new Set(kind === "exact" ? [source] : source.split("|"))) {
      const positions = byName.get(name);
      if (positions === undefined) byName.set(name, [position]);
      else positions.push(position);
    }
  });
  return { hooks, byName, anyName };
}

/**
 * The hooks whose matcher may select `value` or one of its aliases, in configuration order: a
 * superset of the matching hooks (the matchers still decide), without visiting the others.
 */
export function selectCandidateHooks(
  index: HookNameIndex | undefined,
  value: string | undefined,
  aliases: readonly string[],
): readonly CompiledHook[] {
  if (index === undefined) return noHooks;
  if (index.byName.size === 0) return index.hooks;
  const lists: (readonly number[])[] = [];
  if (index.anyName.length > 0) lists.push(index.anyName);
  for (const name of value === undefined ? aliases : [value, ...aliases]) {
    const positions = index.byName.get(name);
    if (positions !== undefined) lists.push(positions);
  }
  if (lists.length === 0) return noHooks;
  const only = lists.length === 1 ? lists[0] : undefined;
  const positions = only ?? [...new Set(lists.flat())].sort((left, right) => left - right);
  return positions.map((position) => index.hooks[position] as CompiledHook);
}
