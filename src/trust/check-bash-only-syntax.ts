import { describeHandler } from "../config/describe-handler.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { Profile } from "../profiles/profile.js";
import { selectHandlerShell } from "../profiles/select-handler-shell.js";
import { findBashOnlySyntax } from "../shell/find-bash-only-syntax.js";

/**
 * Warns about each command string that runs with `/bin/sh -c` under `profile` but is written in
 * bash (`[[ … ]]`, arrays, `<<<`, `function f`, …; see `findBashOnlySyntax`): a `bash_syntax`
 * warning at the handler's `command`, naming the construct and its line and column. For
 * `validate` and `explain`; Windows, where commands run with `cmd.exe`, gets none.
 *
 * @example
 * checkBashOnlySyntax(loaded.definitions, claudeProfile);
 * // → [{ code: "bash_syntax", severity: "warning", message: "PreToolUse hook \"[[ … ]]\" uses …", file, path }]
 */
export function checkBashOnlySyntax(
  definitions: readonly HookDefinition[],
  profile: Pick<Profile, "shell" | "bashFieldShell">,
  platform: NodeJS.Platform = process.platform,
): Diagnostic[] {
  if (platform === "win32") return [];
  const diagnostics: Diagnostic[] = [];
  for (const definition of definitions) {
    const { command } = definition;
    if (definition.action !== undefined || typeof command !== "string") continue;
    if (selectHandlerShell(definition, profile) !== "sh") continue;
    const found = findBashOnlySyntax(command);
    if (found === null) continue;
    diagnostics.push(
      createDiagnostic(
        "bash_syntax",
        "warning",
        `${describeHandler(definition)} uses ${found.construct} (line ${found.line}, column ${found.column}), but runs with /bin/sh -c, which is not bash (dash on Debian and Ubuntu): the hook will not work as written. Write it for POSIX sh, or move it into a script with a #!/usr/bin/env bash line`,
        { file: definition.file, path: `${definition.path}.command` },
      ),
    );
  }
  return diagnostics;
}
