import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { EventSpec, Profile } from "../profiles/profile.js";

/** The time budgets of a profile's events, and a warning for each variable that could not be read. */
export interface EventBudgets {
  /**
   * The milliseconds one dispatch of `event` gives its handlers, raised by the longest timeout
   * among `definitions` as the event allows; null when the event has no budget.
   */
  budgetFor(event: string, definitions: readonly HookDefinition[]): number | null;
  diagnostics: Diagnostic[];
}

/**
 * Reads each event's `budgetMs`, or the value its `budgetVariable` sets in `env` (a positive
 * integer of milliseconds; anything else keeps the table's budget, with an `event_budget`
 * warning). Per dispatch, a handler whose timeout was configured (it differs from the event's
 * default) and is longer than the budget raises it, up to `budgetMaxMs`, unless its layer starts
 * with one of `budgetFixedLayerPrefixes`; every handler then runs for at most the budget.
 *
 * @example
 * ```ts
 * const budgets = resolveEventBudgets(claudeProfile, { CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS: "5000" });
 * budgets.budgetFor("SessionEnd", []); // 5000
 * ```
 */
export function resolveEventBudgets(
  profile: Pick<Profile, "events" | "defaultTimeoutSeconds">,
  env: Readonly<Record<string, string | undefined>>,
): EventBudgets {
  const bases = new Map<string, number>();
  const diagnostics: Diagnostic[] = [];
  for (const [event, spec] of Object.entries(profile.events)) {
    if (spec.budgetMs === undefined) continue;
    bases.set(event, readBudget(event, spec, env, diagnostics));
  }
  return {
    budgetFor(event, definitions) {
      const base = bases.get(event);
      const spec = Object.hasOwn(profile.events, event) ? profile.events[event] : undefined;
      if (base === undefined || spec === undefined) return null;
      const ceiling = spec.budgetMaxMs;
      if (ceiling === undefined) return base;
      const defaultMs = (spec.defaultTimeoutSeconds ?? profile.defaultTimeoutSeconds) * 1000;
      const fixed = spec.budgetFixedLayerPrefixes ?? [];
      let budget = base;
      for (const definition of definitions) {
        if (definition.timeoutMs === defaultMs) continue;
        if (fixed.some((prefix) => definition.layer.startsWith(prefix))) continue;
        budget = Math.max(budget, Math.min(definition.timeoutMs, Math.max(ceiling, base)));
      }
      return budget;
    },
    diagnostics,
  };
}

function readBudget(
  event: string,
  spec: EventSpec,
  env: Readonly<Record<string, string | undefined>>,
  diagnostics: Diagnostic[],
): number {
  const base = spec.budgetMs ?? 0;
  const variable = spec.budgetVariable;
  const value = variable === undefined ? undefined : env[variable]?.trim();
  if (value === undefined || value === "") return base;
  const budget = Number(value);
  if (/^\d+$/.test(value) && Number.isSafeInteger(budget) && budget > 0) return budget;
  diagnostics.push(
    createDiagnostic(
      "event_budget",
      "warning",
      `${variable}=${JSON.stringify(value)} is not a positive number of milliseconds; ${event} hooks keep the budget of ${base} ms`,
    ),
  );
  return base;
}
