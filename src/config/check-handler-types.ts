import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { Profile } from "../profiles/profile.js";
import type { HandlerType, HookDefinition } from "./hook-definition.js";

/** The host callback each handler type needs, for the message when it is missing. */
const requiredCallbacks: Readonly<Partial<Record<HandlerType, string>>> = {
  prompt: "evaluatePrompt",
  agent: "runAgentHook",
  mcp_tool: "callMcpTool",
};

/** Definitions that can run here, and diagnostics for those dropped. */
export interface CheckedHandlerTypes {
  definitions: HookDefinition[];
  diagnostics: Diagnostic[];
}

/**
 * Drops the handlers that cannot run: a type the event does not take (`http` on Claude Code's
 * SessionStart), or a type whose host callback is missing (`prompt` without `evaluatePrompt`),
 * each with an `unsupported_handler_type` warning naming the file and JSON path. `runnable` lists
 * the types the host can run; without it every type is kept (configuration checks).
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
    const excluded = profile.events[definition.event]?.unsupportedHandlerTypes ?? [];
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
    const callback = requiredCallbacks[type];
    if (runnable !== undefined && !runnable.has(type) && callback !== undefined) {
      diagnostics.push(
        createDiagnostic(
          "unsupported_handler_type",
          "warning",
          `Handler type "${type}" needs the host's ${callback} callback, which this engine was not given; the handler is skipped`,
          where,
        ),
      );
      continue;
    }
    kept.push(definition);
  }
  return { definitions: kept, diagnostics };
}
