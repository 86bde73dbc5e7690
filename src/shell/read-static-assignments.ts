import type { ShellAssignment, ShellStatement, ShellWord, ShellWordPart } from "./shell-syntax.js";

/**
 * The variables one parsed statement sets when it is nothing but assignments of static text
 * (`export A=b`, `A="b c" B='d'`, `export NAME` without a value is passed over), else why it
 * cannot be read without running it: a redirection, a command, an append, an array, or a value
 * with an expansion or substitution. `source` is the text the statement was parsed from (it tells
 * `export NAME` from `NAME=NAME`). Never runs anything.
 *
 * @example
 * ```ts
 * const parsed = parseShellScript("export NODE_ENV=test", "bash");
 * if (parsed.ok) readStaticAssignments(parsed.script.statements[0], "export NODE_ENV=test");
 * // [["NODE_ENV", "test"]]
 * ```
 */
export function readStaticAssignments(
  statement: ShellStatement,
  source: string,
): [string, string][] | string {
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
