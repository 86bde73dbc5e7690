import {
  findRequiredHostCallback,
  type HostCallbackName,
} from "../config/required-host-callbacks.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { CompiledHook } from "./compile-hooks.js";

/**
 * Returns why a `prompt`, `agent` or `mcp_tool` handler cannot run without its host callback (an
 * `unsupported_handler_type` warning naming the callback, the file and the JSON path), or null when
 * `available` has it or the handler needs none.
 *
 * @example
 * ```ts
 * const gate = (hook: CompiledHook) =>
 *   refuseMissingCallback(hook, listHostCallbacks(callbacks)) ?? trustGate.refuse(hook);
 * ```
 */
export function refuseMissingCallback(
  hook: CompiledHook,
  available: ReadonlySet<HostCallbackName>,
): Diagnostic | null {
  const { definition } = hook;
  const type = definition.action?.type;
  const callback = type === undefined ? undefined : findRequiredHostCallback(type);
  if (callback === undefined || available.has(callback)) return null;
  return createDiagnostic(
    "unsupported_handler_type",
    "warning",
    `${definition.event} handler skipped: handler type "${type}" needs the host's ${callback} callback, which neither the engine nor this dispatch was given (${definition.file} ${definition.path})`,
    { file: definition.file, path: `${definition.path}.type` },
  );
}
