import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { type HostCallbacks, requiredHostCallbacks } from "../run/host-callbacks.js";
import type { CompiledHook } from "./compile-hooks.js";

/**
 * Returns why a `prompt`, `agent` or `mcp_tool` handler cannot run with these callbacks (an
 * `unsupported_handler_type` warning naming the missing one, the file and the JSON path), or null.
 *
 * @example
 * ```ts
 * const gate = (hook: CompiledHook) => refuseMissingCallback(hook, callbacks) ?? trustGate.refuse(hook);
 * ```
 */
export function refuseMissingCallback(
  hook: CompiledHook,
  callbacks: HostCallbacks,
): Diagnostic | null {
  const { definition } = hook;
  const type = definition.action?.type;
  if (type === undefined || !Object.hasOwn(requiredHostCallbacks, type)) return null;
  const callback = requiredHostCallbacks[type as keyof typeof requiredHostCallbacks];
  if (callbacks[callback] !== undefined) return null;
  return createDiagnostic(
    "unsupported_handler_type",
    "warning",
    `${definition.event} handler skipped: handler type "${type}" needs the host's ${callback} callback, which neither the engine nor this dispatch was given (${definition.file} ${definition.path})`,
    { file: definition.file, path: `${definition.path}.type` },
  );
}
