import path from "node:path";
import type { ShellRedirect, ShellStatement, ShellWord, ShellWordPart } from "./shell-syntax.js";

/** What a word may expand to before the shell runs: home, known variables, git root, directory. */
export interface WordScope {
  /** What `~` expands to (`$HOME`), or null when `HOME` was set to a value not known. */
  home: string | null;
  /** Variables whose value is known; a name mapped to null was set to a value that is not. */
  variables: ReadonlyMap<string, string | null>;
  /** True when code not followed here may have set any variable: none is known. */
  allUnknown?: boolean;
  /** True when `IFS` may have changed: how an unquoted expansion splits is not known. */
  splitUnknown?: boolean;
  /** What `$(git rev-parse --show-toplevel)` prints, or null when that is not known. */
  gitRoot: string | null;
  /** Why the git root is not known, when it was looked for and not found with certainty. */
  gitRootUnknown?: string;
  /** The shell's directory when exactly one is possible (`$PWD`, `$(pwd)`), else null. */
  directory: string | null;
}

/** A word as written, with its value. */
export interface EvaluatedWord {
  word: ShellWord;
  value: WordValue;
}

/** A word's text after expansion, or why it cannot be known before the shell runs. */
export type WordValue =
  | { known: true; text: string; usesGitRoot: boolean }
  | { known: false; reason: string };

const specialParameters = /^(?:[0-9]+|[@*#?$!-])$/;
const fieldSeparatorOrGlob = /[\s*?[]/;

/**
 * Expands a word as the shell would, where that is known before it runs: quotes and escapes,
 * `~` and `~/…`, `$HOME`, `$PWD`, variables known from the hook's environment or set earlier in
 * the command, `$(git rev-parse --show-toplevel)` and `$(pwd)`. Anything else (another command
 * substitution, an unknown or special variable, a glob, brace or arithmetic expansion, field
 * splitting, `~user`) makes the word unknown, with the reason.
 *
 * @example
 * evaluateShellWord(word, { home: "/home/me", variables: new Map(), gitRoot: null, directory: "/repo" });
 * // "~/hooks/a.sh" → { known: true, text: "/home/me/hooks/a.sh", usesGitRoot: false }
 */
export function evaluateShellWord(word: ShellWord, scope: WordScope): WordValue {
  let text = "";
  let usesGitRoot = false;
  for (const [index, part] of word.parts.entries()) {
    const value = evaluatePart(part, index === 0, scope);
    if (!value.known) return value;
    text += value.text;
    usesGitRoot ||= value.usesGitRoot;
  }
  return { known: true, text, usesGitRoot };
}

/** The literal text of a word when it has no expansions at all, else null. */
export function readLiteralWord(word: ShellWord): string | null {
  const value = evaluateShellWord(word, {
    home: "",
    variables: new Map(),
    gitRoot: null,
    directory: null,
  });
  const startsWithTilde =
    word.parts[0]?.kind === "literal" &&
    word.parts[0].quoting === "none" &&
    word.parts[0].raw.startsWith("~");
  return value.known && !startsWithTilde ? value.text : null;
}

function evaluatePart(part: ShellWordPart, first: boolean, scope: WordScope): WordValue {
  switch (part.kind) {
    case "literal":
      return evaluateLiteral(part.raw, part.quoting, first, scope);
    case "variable":
      return evaluateVariable(part.name, part.quoted, scope);
    case "substitution": {
      const known = evaluateKnownSubstitution(part.statements, scope);
      if (known === null) return { known: false, reason: "a command substitution" };
      if ("unknown" in known) return { known: false, reason: known.unknown };
      if (!part.quoted && (scope.splitUnknown === true || fieldSeparatorOrGlob.test(known.text))) {
        return { known: false, reason: "an unquoted command substitution split into words" };
      }
      return known;
    }
    case "expansion":
      return { known: false, reason: part.description };
  }
}

function evaluateLiteral(
  raw: string,
  quoting: "none" | "single" | "ansi" | "double",
  first: boolean,
  scope: WordScope,
): WordValue {
  switch (quoting) {
    case "single":
      return { known: true, text: raw, usesGitRoot: false };
    case "ansi":
      return decodeAnsiString(raw);
    case "double":
      return { known: true, text: decodeDoubleQuoted(raw), usesGitRoot: false };
    case "none":
      return decodeUnquoted(raw, first, scope);
  }
}

function decodeUnquoted(raw: string, first: boolean, scope: WordScope): WordValue {
  let text = "";
  let start = 0;
  if (first && raw.startsWith("~")) {
    const end = raw.indexOf("/") === -1 ? raw.length : raw.indexOf("/");
    const prefix = raw.slice(0, end);
    // `~` is `$HOME` and `~+` is `$PWD`, as the shell holds them then.
    const value =
      prefix === "~"
        ? evaluateVariable("HOME", true, scope)
        : prefix === "~+"
          ? evaluateVariable("PWD", true, scope)
          : { known: false as const, reason: `the home directory ${prefix}` };
    if (!value.known) return value;
    text = value.text;
    start = end;
  }
  if (/\{[^{}]*(?:,|\.\.)[^{}]*\}/.test(raw)) return { known: false, reason: "a brace expansion" };
  for (let index = start; index < raw.length; index += 1) {
    const character = raw[index] ?? "";
    if (character === "\\") {
      const next = raw[index + 1];
      index += 1;
      if (next !== undefined && next !== "\n") text += next;
      continue;
    }
    // A `[` with no `]` after it matches itself (`[ -f x ]`).
    if (character === "*" || character === "?" || (character === "[" && raw.includes("]", index))) {
      return { known: false, reason: "a glob" };
    }
    text += character;
  }
  return { known: true, text, usesGitRoot: false };
}

function decodeDoubleQuoted(raw: string): string {
  return raw.replace(/\\([$`"\\\n])/g, (_, escaped: string) => (escaped === "\n" ? "" : escaped));
}

const ansiEscapes: Readonly<Record<string, string>> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

// bash's $'…': backslash escapes; one it does not define is kept as written.
function decodeAnsiString(raw: string): WordValue {
  let text = "";
  for (let index = 0; index < raw.length; index += 1) {
    const character = raw[index] ?? "";
    if (character !== "\\") {
      text += character;
      continue;
    }
    const rest = raw.slice(index + 1);
    const numeric =
      /^([0-7]{1,3})/.exec(rest) ??
      /^x([0-9A-Fa-f]{1,2})/.exec(rest) ??
      /^u([0-9A-Fa-f]{1,4})/.exec(rest) ??
      /^U([0-9A-Fa-f]{1,8})/.exec(rest);
    if (numeric !== null) {
      const base = /^[0-7]/.test(rest) ? 8 : 16;
      const code = Number.parseInt(numeric[1] ?? "0", base);
      if (code > 0x10ffff) return { known: false, reason: "an escape outside Unicode" };
      text += String.fromCodePoint(code);
      index += numeric[0].length;
      continue;
    }
    const next = rest[0];
    if (next === "c") return { known: false, reason: "a control-character escape" };
    text += next === undefined ? "\\" : (ansiEscapes[next] ?? `\\${next}`);
    index += 1;
  }
  return { known: true, text, usesGitRoot: false };
}

function evaluateVariable(name: string, quoted: boolean, scope: WordScope): WordValue {
  if (specialParameters.test(name)) {
    return { known: false, reason: `the special parameter $${name}` };
  }
  let value: string | null | undefined =
    scope.allUnknown === true ? null : scope.variables.get(name);
  if (value === undefined && name === "HOME") value = scope.home;
  if (value === undefined && name === "PWD") value = scope.directory;
  if (value === undefined || value === null) {
    return { known: false, reason: `the variable $${name}, whose value is not known` };
  }
  if (!quoted && scope.splitUnknown === true) {
    return { known: false, reason: `the unquoted variable $${name}, split by an IFS set here` };
  }
  if (!quoted && fieldSeparatorOrGlob.test(value)) {
    return { known: false, reason: `the unquoted variable $${name}, split into words or globbed` };
  }
  return { known: true, text: value, usesGitRoot: false };
}

// `$(git rev-parse --show-toplevel)` and `$(pwd)`, the substitutions whose output is known.
function evaluateKnownSubstitution(
  statements: readonly ShellStatement[],
  scope: WordScope,
): { known: true; text: string; usesGitRoot: boolean } | { unknown: string } | null {
  const [statement, ...others] = statements;
  if (statement === undefined || others.length > 0) return null;
  const command = statement.command;
  if (command?.kind !== "call" || command.assignments.length > 0) return null;
  if (statement.redirects.some((redirect) => !isErrorsDiscarded(redirect))) return null;
  const words = command.words.map(readLiteralWord);
  const line = words.every((word) => word !== null) ? words.join(" ") : null;
  if (line === "git rev-parse --show-toplevel" && scope.gitRoot !== null) {
    return { known: true, text: scope.gitRoot, usesGitRoot: true };
  }
  if (line === "git rev-parse --show-toplevel" && scope.gitRootUnknown !== undefined) {
    return { unknown: `the git root, which is not known: ${scope.gitRootUnknown}` };
  }
  if ((line === "pwd" || line === "pwd -L" || line === "pwd -P") && scope.directory !== null) {
    return { known: true, text: path.resolve(scope.directory), usesGitRoot: false };
  }
  return null;
}

// `2>/dev/null` does not change what a substitution prints.
function isErrorsDiscarded(redirect: ShellRedirect): boolean {
  return (
    redirect.operator === ">" &&
    redirect.descriptor === "2" &&
    readLiteralWord(redirect.target) === "/dev/null"
  );
}
