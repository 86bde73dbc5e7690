/** The dialects a command string is parsed in: bash, or POSIX sh (dash). */
export type ShellDialect = "bash" | "posix";

/** A parsed command string: its top-level statements, in order. */
export interface ShellScript {
  statements: ShellStatement[];
}

/** One statement: a command with its redirections (`./a.sh < in 2> log`). */
export interface ShellStatement {
  /** Null for a statement of redirections only (`> file`). */
  command: ShellCommand | null;
  redirects: ShellRedirect[];
  negated: boolean;
  background: boolean;
}

/**
 * A command, reduced to what decides which files run: simple calls and declarations, `&&`, `||`
 * and pipes, subshells and blocks, `time`, and every other compound command (`if`, loops,
 * `case`, functions, `[[ ]]`, `(( ))`, `let`, `coproc`) as `compound` with the statements and
 * words it holds.
 */
export type ShellCommand =
  | { kind: "call"; assignments: ShellAssignment[]; words: ShellWord[] }
  | { kind: "declare"; variant: string; assignments: ShellAssignment[]; words: ShellWord[] }
  | { kind: "and" | "or" | "pipe"; left: ShellStatement; right: ShellStatement }
  | { kind: "subshell" | "block"; statements: ShellStatement[] }
  | { kind: "time"; statement: ShellStatement | null }
  | {
      kind: "compound";
      /** What the statements of `branches` are: alternatives, a loop body, or a function body. */
      shape: "branches" | "loop" | "function" | "background";
      /** Statement lists: the condition first, then each branch or body, in source order. */
      branches: ShellStatement[][];
      words: ShellWord[];
      /** Variables the command itself sets (a `for` or `select` loop's variable). */
      assigns?: string[];
      /** Its words are the operands of arithmetic (`(( ))`, `let`, a C-style `for`). */
      arithmetic?: boolean;
    };

/** `NAME=value`, `NAME+=value` or `NAME=(…)`. */
export interface ShellAssignment {
  name: string;
  /** The value; null for `NAME=` with nothing after it, or an array. */
  value: ShellWord | null;
  /** Words of an array value, and of an index. */
  otherWords: ShellWord[];
  append: boolean;
}

/** `<`, `>`, `<<`, … with its target word and, for a here-document, its body. */
export interface ShellRedirect {
  operator: ShellRedirectOperator;
  /** The file descriptor written before the operator (`2>`), or null. */
  descriptor: string | null;
  target: ShellWord;
  /** A here-document's body, or null. */
  body: ShellWord | null;
}

/** The redirection operators, as written. */
export type ShellRedirectOperator =
  | ">"
  | ">>"
  | "<"
  | "<>"
  | "<&"
  | ">&"
  | ">|"
  | "<<"
  | "<<-"
  | "<<<"
  | "&>"
  | "&>>";

/** A word, as its parts, with the text it was written as. */
export interface ShellWord {
  source: string;
  parts: ShellWordPart[];
}

/**
 * One part of a word: literal text and how it was quoted (`none`, `'single'`, `$'ansi'`,
 * `"double"`, with the raw text, escapes unprocessed), a plain `$NAME`/`${NAME}`, a command
 * substitution with its statements, or anything else (arithmetic, other parameter expansions,
 * process substitution, globs, brace expansion) with the statements nested in it.
 */
export type ShellWordPart =
  | { kind: "literal"; raw: string; quoting: "none" | "single" | "ansi" | "double" }
  | { kind: "variable"; name: string; quoted: boolean }
  | { kind: "substitution"; statements: ShellStatement[]; quoted: boolean }
  | {
      kind: "expansion";
      description: string;
      statements: ShellStatement[];
      /** Variables `${NAME=…}` or `${NAME:=…}` (here or nested) set; "" for one not known. */
      assigns?: string[];
      /** The operands of arithmetic it evaluates (`$(( … ))`, an index, an offset). */
      arithmetic?: ShellWord[];
    };
