import { describeHandler, describeHandlerLocation } from "../config/describe-handler.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";

/**
 * A diagnostic about one handler, at its file and path, worded subject first and location last:
 * `PreToolUse hook "./guard.sh" timed out after 5 s (~/.deepagents/hooks.json hooks.PreToolUse[0].hooks[1])`.
 */
export function createHandlerDiagnostic(
  hook: Pick<HookDefinition, "event" | "command" | "file" | "path">,
  code: Diagnostic["code"],
  severity: Diagnostic["severity"],
  message: string,
): Diagnostic {
  return createDiagnostic(
    code,
    severity,
    `${describeHandler(hook)} ${message} ${describeHandlerLocation(hook)}`,
    { file: hook.file, path: hook.path },
  );
}
