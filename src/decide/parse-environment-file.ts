import { describeHandler } from "../config/describe-handler.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { writeOwn } from "../shared/write-own.js";
import { isUnfinishedParseError, parseShellScript } from "../shell/parse-shell-script.js";
import { readStaticAssignments } from "../shell/read-static-assignments.js";

/** The variables an environment file sets, and a warning for each line that was skipped. */
export interface ExportedEnvironment {
  /** Names and values in file order; a later assignment of a name replaces an earlier one. */
  variables: Record<string, string>;
  diagnostics: Diagnostic[];
}

/** What a handler left in its environment file, or why it could not be read. */
export type EnvironmentFileContent = { ok: true; text: string } | { ok: false; problem: string };

/** The handler that wrote the file, for messages and their location. */
export type EnvironmentFileOrigin = Pick<HookDefinition, "event" | "command" | "file" | "path">;

/**
 * Reads the variables a hook wrote to its environment file (`CLAUDE_ENV_FILE`) without running
 * anything: `export A=b`, `export A="b c" B='d'` and plain `A=b`, several per line or separated
 * by `;`. Values must be static text; a line with a variable, command substitution or any other
 * expansion, a command, a redirection or an append is skipped with an `environment_file` warning
 * naming its line, and the rest of the file still counts. A file that could not be read is one
 * warning.
 *
 * @example
 * ```ts
 * const content = { ok: true, text: 'export NODE_ENV=test\nA="b c"\n' } as const;
 * const { variables } = parseEnvironmentFile(content, hook);
 * // { NODE_ENV: "test", A: "b c" }
 * ```
 */
export function parseEnvironmentFile(
  content: EnvironmentFileContent,
  origin: EnvironmentFileOrigin,
): ExportedEnvironment {
  const variables: Record<string, string> = {};
  const diagnostics: Diagnostic[] = [];
  const where = { file: origin.file, path: origin.path };
  if (!content.ok) {
    const message = `The environment file of ${describeHandler(origin)} could not be read: ${content.problem}; nothing it exported is applied`;
    diagnostics.push(createDiagnostic("environment_file", "warning", message, where));
    return { variables, diagnostics };
  }
  const warn = (line: number, problem: string) =>
    diagnostics.push(
      createDiagnostic(
        "environment_file",
        "warning",
        `${describeHandler(origin)} wrote line ${line} of its environment file, which ${problem}; it is skipped (never run)`,
        where,
      ),
    );
  const lines = content.text.split(/\r?\n/);
  let start = 0;
  while (start < lines.length) {
    // A statement may span lines (a quoted value with a newline): add lines until it parses.
    let end = start + 1;
    let parsed = parseShellScript(lines.slice(start, end).join("\n"), "bash");
    while (!parsed.ok && isUnfinishedParseError(parsed.error) && end < lines.length) {
      end += 1;
      parsed = parseShellScript(lines.slice(start, end).join("\n"), "bash");
    }
    if (!parsed.ok) {
      warn(start + 1, `is not valid shell syntax (${parsed.error})`);
      start += 1;
      continue;
    }
    const chunk = lines.slice(start, end).join("\n");
    for (const statement of parsed.script.statements) {
      const read = readStaticAssignments(statement, chunk);
      if (typeof read === "string") {
        warn(start + 1, read);
        continue;
      }
      for (const [name, value] of read) {
        // Own keys only: a `__proto__=x` line must not reach the prototype.
        writeOwn(variables, name, value);
      }
    }
    start = end;
  }
  return { variables, diagnostics };
}
