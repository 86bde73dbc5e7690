import type { HookDefinition } from "../config/hook-definition.js";
import type { DeduplicationRules } from "../profiles/profile.js";

/**
 * For each handler that repeats another one of the same selection, the copy that runs instead.
 * Identical means the same command (string or argv, compared exactly), working directory and
 * environment, and the same layer where the profile keeps that layer separate (a plugin). The copy
 * that runs is the one in the highest-precedence layer, the first of that rank in configuration
 * order. With null rules (every copy runs) nothing is a duplicate.
 *
 * @example
 * ```ts
 * const duplicates = findDuplicateHandlers(selected, profile.deduplicate);
 * for (const [copy, survivor] of duplicates) console.log(copy.id, "runs as", survivor.id);
 * ```
 */
export function findDuplicateHandlers<Hook extends { definition: HookDefinition }>(
  hooks: readonly Hook[],
  rules: DeduplicationRules | null,
): Map<Hook, Hook> {
  const duplicates = new Map<Hook, Hook>();
  if (rules === null) return duplicates;
  const keys = hooks.map((hook) => identifyHandler(hook.definition, rules));
  const survivors = new Map<string, Hook>();
  hooks.forEach((hook, position) => {
    const key = keys[position] as string;
    const current = survivors.get(key);
    if (current === undefined || rankLayer(hook, rules) < rankLayer(current, rules)) {
      survivors.set(key, hook);
    }
  });
  hooks.forEach((hook, position) => {
    const survivor = survivors.get(keys[position] as string);
    if (survivor !== undefined && survivor !== hook) duplicates.set(hook, survivor);
  });
  return duplicates;
}

function identifyHandler(definition: HookDefinition, rules: DeduplicationRules): string {
  const separate = rules.separateLayerPrefixes.some((prefix) =>
    definition.layer.startsWith(prefix),
  );
  // Variable order does not make two environments different.
  const env = Object.entries(definition.env).sort(([left], [right]) =>
    left < right ? -1 : left > right ? 1 : 0,
  );
  return JSON.stringify([
    definition.command,
    definition.cwd,
    env,
    separate ? definition.layer : "",
  ]);
}

function rankLayer(hook: { definition: HookDefinition }, rules: DeduplicationRules): number {
  const rank = rules.layerPrecedence.indexOf(hook.definition.layer);
  return rank === -1 ? rules.layerPrecedence.length : rank;
}
