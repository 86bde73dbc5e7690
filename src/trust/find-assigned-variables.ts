import { readLiteralWord } from "../shell/evaluate-shell-word.js";
import { parseShellScript } from "../shell/parse-shell-script.js";
import type {
  ShellDialect,
  ShellRedirect,
  ShellStatement,
  ShellWord,
} from "../shell/shell-syntax.js";

/** The variables some code may set in the shell that runs it, or `all` when any may be set. */
export type AssignedVariables = ReadonlySet<string> | "all";

const variableName = /^[A-Za-z_]\w*$/;
// Builtins that set the variables named by their operands, and the ones they set by default.
const readingBuiltins: Readonly<Record<string, readonly string[]>> = {
  read: ["REPLY"],
  mapfile: ["MAPFILE"],
  readarray: ["MAPFILE"],
  getopts: ["OPTARG", "OPTIND"],
  unset: [],
  wait: [],
};
// Declarations read as plain commands (POSIX sh): `export NAME=value`.
const declaringBuiltins: ReadonlySet<string> = new Set([
  "export",
  "readonly",
  "local",
  "declare",
  "typeset",
]);
// Code this deep inside `eval` and `trap` strings is not read: any variable may be set.
const maximumDepth = 8;

/**
 * Every variable that statements may set in the shell that runs them, read without regard to
 * order or conditions: assignments (plain, prefix and declared), `read`, `mapfile`, `getopts`,
 * `printf -v`, `unset`, `for` and `select`, `${NAME:=…}`, arithmetic, `{NAME}<` redirections, and
 * function bodies, `eval` and `trap` code; pipelines' last commands count (bash's `lastpipe`),
 * subshells do not. `all` when code that is not known may run in the shell (`eval "$x"`, `source`,
 * a nameref) or a builtin's operand is not known.
 *
 * @example
 * findAssignedVariables(parsed.script.statements, "bash"); // `read X < f; for Y in a; do :; done`
 * // → Set { "X", "REPLY", "Y" }
 */
export function findAssignedVariables(
  statements: readonly ShellStatement[],
  dialect: ShellDialect,
): AssignedVariables {
  const names = new Set<string>();
  return collectList(statements, names, dialect, 0) ? names : "all";
}

// Each collector adds to `names` and returns false when any variable may be set.
function collectList(
  statements: readonly ShellStatement[],
  names: Set<string>,
  dialect: ShellDialect,
  depth: number,
): boolean {
  return statements.every((statement) => collectStatement(statement, names, dialect, depth));
}

function collectStatement(
  statement: ShellStatement,
  names: Set<string>,
  dialect: ShellDialect,
  depth: number,
): boolean {
  if (!statement.redirects.every((redirect) => collectRedirect(redirect, names))) return false;
  const command = statement.command;
  if (command === null) return true;
  switch (command.kind) {
    case "call":
      return collectCall(command, names, dialect, depth);
    case "declare": {
      for (const assignment of command.assignments) names.add(assignment.name);
      if (!collectWords(command.assignments.flatMap(valueWords), names)) return false;
      for (const word of command.words) {
        const text = readLiteralWord(word);
        if (text === null) return false;
        // `declare -n`: a name that refers to another variable.
        if (/^-\w*n/.test(text) && command.variant !== "export") return false;
        if (variableName.test(text)) names.add(text);
      }
      return true;
    }
    case "and":
    case "or":
      return (
        collectStatement(command.left, names, dialect, depth) &&
        collectStatement(command.right, names, dialect, depth)
      );
    case "pipe":
      // With bash's `lastpipe`, the last command of a pipeline runs in the shell itself.
      return collectStatement(command.right, names, dialect, depth);
    case "subshell":
      return true;
    case "block":
      return collectList(command.statements, names, dialect, depth);
    case "time":
      return command.statement === null
        ? true
        : collectStatement(command.statement, names, dialect, depth);
    case "compound": {
      if (command.shape === "background") return true;
      for (const name of command.assigns ?? []) names.add(name);
      if (command.arithmetic === true && !collectArithmetic(command.words, names)) return false;
      if (!collectWords(command.words, names)) return false;
      return command.branches.every((list) => collectList(list, names, dialect, depth));
    }
  }
}

function collectCall(
  command: Extract<NonNullable<ShellStatement["command"]>, { kind: "call" }>,
  names: Set<string>,
  dialect: ShellDialect,
  depth: number,
): boolean {
  for (const assignment of command.assignments) names.add(assignment.name);
  if (!collectWords([...command.assignments.flatMap(valueWords), ...command.words], names))
    return false;
  let words = command.words;
  while (["command", "builtin"].includes(readLiteralWord(words[0] ?? emptyWord) ?? "")) {
    words = words.slice(1);
  }
  const program = words[0] === undefined ? "" : readLiteralWord(words[0]);
  // A program not known may be a builtin (`$cmd` may be `eval`), unless it is a path.
  if (program === null) return words[0]?.parts.some(isPathPart) === true;
  const operands = words.slice(1).map(readLiteralWord);
  const defaults = Object.hasOwn(readingBuiltins, program) ? readingBuiltins[program] : undefined;
  if (defaults !== undefined) {
    if (operands.some((operand) => operand === null)) return false;
    for (const name of [...defaults, ...operands]) {
      if (name !== null && variableName.test(name)) names.add(name);
    }
    return true;
  }
  if (declaringBuiltins.has(program)) {
    for (const operand of operands) {
      if (operand === null) return false;
      // `declare -n`: a name that refers to another variable.
      if (/^-\w*n/.test(operand) && program !== "export") return false;
      const name = /^([A-Za-z_]\w*)(?:\+?=|$)/.exec(operand)?.[1];
      if (name !== undefined) names.add(name);
    }
    return true;
  }
  switch (program) {
    case "printf": {
      // `printf -v NAME format …`: only the first operand may be `-v`.
      const first = operands[0];
      if (first === null) return false;
      if (first === "-v") {
        const name = operands[1];
        if (name === null || name === undefined) return false;
        names.add(name);
      } else if (first?.startsWith("-v") === true) names.add(first.slice(2));
      return true;
    }
    case ".":
    case "source":
      return false;
    case "eval":
    case "trap": {
      if (operands.some((operand) => operand === null)) return false;
      const code = program === "eval" ? operands.join(" ") : (operands[0] ?? "");
      return collectCode(code, names, dialect, depth);
    }
    case "cd":
    case "pushd":
    case "popd":
      names.add("PWD");
      names.add("OLDPWD");
      return true;
    default:
      return true;
  }
}

function collectCode(
  code: string,
  names: Set<string>,
  dialect: ShellDialect,
  depth: number,
): boolean {
  if (depth >= maximumDepth) return false;
  const parsed = parseShellScript(code, dialect);
  return parsed.ok && collectList(parsed.script.statements, names, dialect, depth + 1);
}

// `{NAME}<file` sets NAME to the descriptor it opens.
function collectRedirect(redirect: ShellRedirect, names: Set<string>): boolean {
  const named = /^\{(\w+)\}$/.exec(redirect.descriptor ?? "");
  if (named?.[1] !== undefined) names.add(named[1]);
  return collectWords([redirect.target], names);
}

// Words expanded in the shell itself: `${NAME:=…}` and arithmetic may set variables.
function collectWords(words: readonly ShellWord[], names: Set<string>): boolean {
  for (const word of words) {
    for (const part of word.parts) {
      if (part.kind !== "expansion") continue;
      for (const name of part.assigns ?? []) {
        if (name === "") return false;
        names.add(name);
      }
      if (part.arithmetic !== undefined && !collectArithmetic(part.arithmetic, names)) {
        return false;
      }
    }
  }
  return true;
}

// An operand that is a name may be set (`X = 1`, `X++`); a `$NAME` operand's value is read as
// arithmetic in turn, so it may set any variable.
function collectArithmetic(words: readonly ShellWord[], names: Set<string>): boolean {
  for (const word of words) {
    const text = readLiteralWord(word);
    if (text !== null && variableName.test(text)) names.add(text);
    else if (word.parts.some((part) => part.kind === "variable")) return false;
  }
  return collectWords(words, names);
}

function valueWords(assignment: { value: ShellWord | null; otherWords: ShellWord[] }): ShellWord[] {
  return [...(assignment.value === null ? [] : [assignment.value]), ...assignment.otherWords];
}

function isPathPart(part: ShellWord["parts"][number]): boolean {
  return part.kind === "literal" && part.raw.includes("/");
}

const emptyWord: ShellWord = { source: "", parts: [] };
