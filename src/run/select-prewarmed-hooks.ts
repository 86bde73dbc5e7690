import type { HookDefinition } from "../config/hook-definition.js";
import type { CompiledHook } from "../match/compile-hooks.js";
import type { Profile } from "../profiles/profile.js";

/** Which hooks prewarm, besides those whose configuration says `"prewarm": true`. */
export type PrewarmOption = boolean | ((hook: HookDefinition) => boolean);

/**
 * Whether a handler can have standby processes at all: a `command` handler (not `persistent`,
 * which keeps its own process, nor `async`, which no dispatch waits for) of an event without an
 * environment file (that file is created fresh for each run, after a standby has started).
 *
 * @example
 * ```ts
 * canPrewarm(hook.definition, profile); // false for an http or persistent handler
 * ```
 */
export function canPrewarm(definition: HookDefinition, profile: Profile): boolean {
  if (definition.action !== undefined || definition.persistent || definition.async === true) {
    return false;
  }
  return profile.events[definition.event]?.environmentFile !== true;
}

/**
 * The hooks of a configuration snapshot that prewarm: each that {@link canPrewarm} and whose
 * configuration says `"prewarm": true` or that the engine's `prewarm` option picks (all, with
 * `true`). An option function that throws picks nothing.
 *
 * @example
 * ```ts
 * const prewarmed = selectPrewarmedHooks(snapshot.compiled.byEvent.values(), profile, true);
 * prewarmed.has(hook); // true for every command hook of the snapshot
 * ```
 */
export function selectPrewarmedHooks(
  hookLists: Iterable<readonly CompiledHook[]>,
  profile: Profile,
  option: PrewarmOption | undefined,
): ReadonlySet<CompiledHook> {
  const selected = new Set<CompiledHook>();
  for (const hooks of hookLists) {
    for (const hook of hooks) {
      const { definition } = hook;
      if (!canPrewarm(definition, profile)) continue;
      if (definition.prewarm === true || isPicked(option, definition)) selected.add(hook);
    }
  }
  return selected;
}

function isPicked(option: PrewarmOption | undefined, definition: HookDefinition): boolean {
  if (typeof option !== "function") return option === true;
  try {
    return option(definition) === true;
  } catch {
    return false;
  }
}
