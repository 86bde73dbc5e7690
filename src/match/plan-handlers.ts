import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { EventSpec } from "../profiles/profile.js";
import type { CompiledHook } from "./compile-hooks.js";

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
}

/**
 * Picks the handlers an event runs, in configuration order: matcher on the event's field (or
 * one of its aliases), the `if` rule, then the gate; a repeated identical command runs once.
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
  const seen = new Set<string>();
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
    const key = JSON.stringify([definition.command, definition.cwd, definition.env]);
    if (seen.has(key)) {
      planned.push({
        hook,
        skip: createDiagnostic(
          "duplicate_handler",
          "info",
          `${definition.event} handler skipped: the same command already runs for this event (${definition.file} ${definition.path})`,
          at,
        ),
      });
      continue;
    }
    seen.add(key);
    planned.push({ hook, skip: null });
  }
  return planned;
}
