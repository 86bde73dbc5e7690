import { accessSync, constants, statSync } from "node:fs";
import { describeHandler } from "../config/describe-handler.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { findHookScripts, type HookScriptOptions } from "./find-hook-scripts.js";

/**
 * Checks the files each hook certainly runs (see `HookScripts.required`): a missing one is a
 * `script_not_found` error and a program that is not executable a `script_not_executable`
 * error, each at the handler's file and path. Reads the file system, so it is for `validate` and
 * `explain`, never for dispatch.
 *
 * @example
 * checkHookScripts(loaded.definitions, { cwd: "/repo", shell: "sh" });
 * // → [{ code: "script_not_executable", severity: "error", message: "…", file, path }]
 */
export function checkHookScripts(
  definitions: readonly HookDefinition[],
  options: HookScriptOptions = {},
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const definition of definitions) {
    const where = { file: definition.file, path: definition.path };
    for (const { file, executable } of findHookScripts(definition, options).required) {
      const problem = findScriptProblem(file, executable);
      if (problem === null) continue;
      const subject = describeHandler(definition);
      diagnostics.push(
        problem === "missing"
          ? createDiagnostic(
              "script_not_found",
              "error",
              `${subject} runs ${file}, which does not exist; the hook will fail`,
              where,
            )
          : createDiagnostic(
              "script_not_executable",
              "error",
              `${subject} runs ${file}, which is not executable (chmod +x ${file}); the hook will fail`,
              where,
            ),
      );
    }
  }
  return diagnostics;
}

function findScriptProblem(file: string, executable: boolean): "missing" | "not-executable" | null {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats === undefined || stats.isDirectory()) return "missing";
  if (!executable || process.platform === "win32") return null;
  try {
    accessSync(file, constants.X_OK);
    return null;
  } catch {
    return "not-executable";
  }
}
