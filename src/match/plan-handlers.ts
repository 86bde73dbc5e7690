import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { DeduplicationRules, EventSpec } from "../profiles/profile.js";
import type { CompiledHook } from "./compile-hooks.js";
import { findDuplicateHandlers } from "./find-duplicate-handlers.js";

/** A handler chosen for an event: to run, or listed as skipped with the diagnostic saying why. */
export interface PlannedHandler {
  hook: CompiledHook;
  skip: Diagnostic | null;
}

/** Facts about the call that matchers and `if` rules read, and an optional gate (such as trust). */
export interface PlanContext {
  cwd: string;
  home: string;
  /** Other names the matched value also answers to (a tool's match aliases). */
  aliases: readonly string[];
  /** Returns why a matching handler must not run, or null to run it. */
  gate?: (hook: CompiledHook) => Diagnostic | null;
  /** The profile's rule for identical handlers, or null when every copy runs. */
  deduplicate: DeduplicationRules | null;
}

/**
 * Picks the handlers an event runs, in configuration order: matcher on the event's field (or
 * one of its aliases), the `if` rule, then the gate; of identical handlers, where the profile
 * merges them, only the highest-precedence copy runs.
 */
export function planHandlers(
  hooks: readonly CompiledHook[],
  payload: Readonly<Record<string, unknown>>,
  spec: EventSpec,
  context: PlanContext,
): PlannedHandler[] {
  const matchValue = spec.matchField === null ? undefined : payload[spec.matchField];
  const value = typeof matchValue === "string" ? matchValue : undefined;
  const planned: PlannedHandler[] = [];
  for (const hook of hooks) {
    if (!hook.matcher.test(value) && !context.aliases.some((alias) => hook.matcher.test(alias))) {
      continue;
    }
    const { definition } = hook;
    const at = { file: definition.file, path: definition.path };
    if (hook.ifUnsupported) {
      planned.push({
        hook,
        skip: createDiagnostic(
          "if_not_supported",
          "warning",
          `${definition.event} handler skipped: "if" is only supported on tool events (${definition.file} ${definition.path})`,
          at,
        ),
      });
      continue;
    }
    if (hook.rule !== null) {
      const toolName = payload.tool_name;
      const matches =
        typeof toolName === "string" &&
        hook.rule.test({
          toolName,
          toolInput: payload.tool_input,
          cwd: typeof payload.cwd === "string" ? payload.cwd : context.cwd,
          home: context.home,
        });
      if (!matches) continue;
    }
    const refusal = context.gate?.(hook) ?? null;
    if (refusal !== null) {
      planned.push({ hook, skip: refusal });
      continue;
    }
    planned.push({ hook, skip: null });
  }
  const selected = planned.filter((entry) => entry.skip === null).map((entry) => entry.hook);
  const duplicates = findDuplicateHandlers(selected, context.deduplicate);
  if (duplicates.size === 0) return planned;
  return planned.map((entry) => {
    const survivor = duplicates.get(entry.hook);
    return survivor === undefined
      ? entry
      : { hook: entry.hook, skip: describeDuplicate(entry.hook, survivor) };
  });
}

function describeDuplicate(hook: CompiledHook, survivor: CompiledHook): Diagnostic {
  const { definition } = hook;
  const kept = survivor.definition;
  return createDiagnostic(
    "duplicate_handler",
    "info",
    `${definition.event} handler skipped: the same command runs for this event as ${survivor.id} (${kept.layer} layer, ${kept.file} ${kept.path}) (${definition.file} ${definition.path})`,
    { file: definition.file, path: definition.path },
  );
}
