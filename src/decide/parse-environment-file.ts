import { describeHandler } from "../config/describe-handler.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { parseShellScript } from "../shell/parse-shell-script.js";
import type {
  ShellAssignment,
  ShellStatement,
  ShellWord,
  ShellWordPart,
} from "../shell/shell-syntax.js";

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

// Parse errors that more lines may resolve: an open quote, a `\` continuation, an open block.
const unfinished = /reached EOF|must be followed by|unclosed|not finished/;

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
    while (!parsed.ok && unfinished.test(parsed.error) && end < lines.length) {
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
      const read = readStatement(statement, chunk);
      if (typeof read === "string") {
        warn(start + 1, read);
        continue;
      }
      for (const [name, value] of read) {
        // Own keys only: a `__proto__=x` line must not reach the prototype.
        Object.defineProperty(variables, name, {
          value,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
    }
    start = end;
  }
  return { variables, diagnostics };
}

// The assignments of one statement, or why it cannot be read without running it.
function readStatement(statement: ShellStatement, source: string): [string, string][] | string {
  const { command } = statement;
  if (statement.redirects.length > 0) return "has a redirection";
  if (statement.background || statement.negated || command === null) return "is not an assignment";
  let assignments: ShellAssignment[];
  if (command.kind === "declare" && command.variant === "export") {
    assignments = command.assignments;
  } else if (command.kind === "call" && command.words.length === 0) {
    assignments = command.assignments;
  } else {
    return "runs a command instead of assigning a variable";
  }
  const values: [string, string][] = [];
  for (const assignment of assignments) {
    if (isNakedName(assignment, source)) continue;
    if (assignment.append) return `appends to ${assignment.name}, whose value is not known here`;
    if (assignment.otherWords.length > 0) return `sets ${assignment.name} to an array`;
    const value = assignment.value === null ? "" : readStaticWord(assignment.value);
    if (value === null) {
      return `sets ${assignment.name} to a value with an expansion or substitution that cannot be read without running it`;
    }
    values.push([assignment.name, value]);
  }
  return values;
}

// `export NAME` marks a variable exported without a value: the parsed tree gives it the value
// `NAME`, so it is told apart from `NAME=NAME` by the `NAME=` in the source.
function isNakedName(assignment: ShellAssignment, source: string): boolean {
  if (assignment.value?.source !== assignment.name) return false;
  return !new RegExp(`(^|[\\s;&|(])${assignment.name}\\+?=`).test(source);
}

// The text a word stands for when it is literal text only, else null.
function readStaticWord(word: ShellWord): string | null {
  let text = "";
  for (const part of word.parts) {
    const literal = readLiteralPart(part);
    if (literal === null) return null;
    text += literal;
  }
  return text;
}

function readLiteralPart(part: ShellWordPart): string | null {
  if (part.kind !== "literal") return null;
  switch (part.quoting) {
    case "single":
      return part.raw;
    case "none":
      // Outside quotes a backslash keeps the next character (and joins lines before a newline).
      return part.raw.replace(/\\\n/g, "").replace(/\\(.)/gs, "$1");
    case "double":
      return part.raw.replace(/\\\n/g, "").replace(/\\([$`"\\])/g, "$1");
    case "ansi":
      return readAnsiText(part.raw);
  }
}

const ansiEscapes: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
};

// `$'…'` text with the common escapes; any other escape is not read.
function readAnsiText(raw: string): string | null {
  let unknown = false;
  const text = raw.replace(/\\(.)/gs, (_match, character: string) => {
    const replaced = ansiEscapes[character];
    if (replaced === undefined) unknown = true;
    return replaced ?? "";
  });
  return unknown ? null : text;
}
