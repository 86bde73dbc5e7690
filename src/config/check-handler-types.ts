import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { findEventSpec } from "../profiles/find-event-spec.js";
import type { Profile } from "../profiles/profile.js";
import type { HandlerType, HookDefinition } from "./hook-definition.js";
import { findRequiredHostCallback } from "./required-host-callbacks.js";

/** Definitions that can run here, and diagnostics for those dropped. */
export interface CheckedHandlerTypes {
  definitions: HookDefinition[];
  diagnostics: Diagnostic[];
}

/**
 * Drops the handlers that cannot run, a type the event does not take (`http` on Claude Code's
 * SessionStart), with an `unsupported_handler_type` warning naming the file and JSON path. A type
 * whose host callback the engine lacks (`prompt` without `evaluatePrompt`) is kept, since a
 * dispatch may lend one, with the same warning. `runnable` lists the types the engine's own
 * callbacks run; without it nothing is said about callbacks (configuration checks).
 *
 * @example
 * ```ts
 * const checked = checkHandlerTypes(definitions, profile, new Set(["command", "http"]));
 * ```
 */
export function checkHandlerTypes(
  definitions: readonly HookDefinition[],
  profile: Profile,
  runnable: ReadonlySet<HandlerType> | undefined,
): CheckedHandlerTypes {
  const kept: HookDefinition[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const definition of definitions) {
    const type = definition.action?.type ?? "command";
    const where = { file: definition.file, path: `${definition.path}.type` };
    const excluded = findEventSpec(profile, definition.event)?.unsupportedHandlerTypes ?? [];
    if (excluded.includes(type)) {
      diagnostics.push(
        createDiagnostic(
          "unsupported_handler_type",
          "warning",
          `${profile.title} does not run "${type}" handlers on ${definition.event}; the handler is skipped`,
          where,
        ),
      );
      continue;
    }
    const callback = findRequiredHostCallback(type);
    if (runnable !== undefined && !runnable.has(type) && callback !== undefined) {
      diagnostics.push(
        createDiagnostic(
          "unsupported_handler_type",
          "warning",
          `Handler type "${type}" needs the host's ${callback} callback, which this engine was not given; the handler runs only in dispatches that lend one (the agent-hooks adapters lend the agent's model)`,
          where,
        ),
      );
    }
    kept.push(definition);
  }
  return { definitions: kept, diagnostics };
}
