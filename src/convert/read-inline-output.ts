import { readLiteralWord } from "../shell/evaluate-shell-word.js";
import { parseShellScript } from "../shell/parse-shell-script.js";
import type { ShellStatement, ShellWord } from "../shell/shell-syntax.js";

/** What a command that only prints and exits writes and exits with, read from its text. */
export interface InlineOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}

// Words a statement may start with for its output to be known without running it.
const printers = ["echo", "printf"];

/**
 * The output of a command made only of `echo` / `printf` of literal text (to stdout or `>&2`),
 * `true`, `:` and `exit N`, parsed with the shell parser; null when it runs anything else, so its
 * output cannot be known without running it.
 *
 * @example
 * ```ts
 * readInlineOutput(`echo '{"decision":"block"}'; exit 0`);
 * // { stdout: '{"decision":"block"}\n', stderr: "", exitCode: 0 }
 * ```
 */
export function readInlineOutput(command: string): InlineOutput | null {
  const parsed = parseShellScript(command, "posix");
  if (!parsed.ok) return null;
  const output: InlineOutput = { stdout: "", stderr: "", exitCode: 0 };
  for (const statement of parsed.script.statements) {
    const step = readStatement(statement);
    if (step === null) return null;
    if (step.kind === "exit") {
      output.exitCode = step.code;
      return output;
    }
    if (step.kind === "print") output[step.stream] += step.text;
  }
  return output;
}

type Step =
  | { kind: "print"; stream: "stdout" | "stderr"; text: string }
  | { kind: "exit"; code: number }
  | { kind: "nothing" };

function readStatement(statement: ShellStatement): Step | null {
  const command = statement.command;
  if (command === null || command.kind !== "call" || statement.negated || statement.background) {
    return null;
  }
  if (command.assignments.length > 0) return null;
  const words: string[] = [];
  for (const word of command.words) {
    const text = readPlainWord(word);
    if (text === null) return null;
    words.push(text);
  }
  const [name, ...args] = words;
  if (name === undefined) return null;
  const stream = readStream(statement);
  if (stream === null) return null;
  if (name === "exit") {
    const code = Number(args[0] ?? "0");
    return args.length <= 1 && Number.isInteger(code) ? { kind: "exit", code } : null;
  }
  if (name === "true" || name === ":") return args.length === 0 ? { kind: "nothing" } : null;
  if (!printers.includes(name)) return null;
  const text = name === "echo" ? readEcho(args) : readPrintf(args);
  return text === null ? null : { kind: "print", stream, text };
}

// Quoted or bare text only: no variable, not even one the shell always sets.
function readPlainWord(word: ShellWord): string | null {
  return word.parts.every((part) => part.kind === "literal") ? readLiteralWord(word) : null;
}

// Only `>&2` / `1>&2` is understood: any other redirection sends the text somewhere unknown.
function readStream(statement: ShellStatement): "stdout" | "stderr" | null {
  if (statement.redirects.length === 0) return "stdout";
  const [redirect, ...others] = statement.redirects;
  if (others.length > 0 || redirect === undefined) return null;
  const toStderr =
    redirect.operator === ">&" &&
    (redirect.descriptor === null || redirect.descriptor === "1") &&
    readPlainWord(redirect.target) === "2";
  return toStderr ? "stderr" : null;
}

// dash's echo interprets backslashes: text with one is not read.
function readEcho(args: readonly string[]): string | null {
  const noNewline = args[0] === "-n";
  const words = noNewline ? args.slice(1) : args;
  const text = words.join(" ");
  if (text.includes("\\")) return null;
  return noNewline ? text : `${text}\n`;
}

// A format without conversions, or `%s` / `%s\n` with one argument.
function readPrintf(args: readonly string[]): string | null {
  const [format, ...rest] = args;
  if (format === undefined) return null;
  if (rest.length === 0) {
    if (format.includes("%") || format.replace(/\\n$/, "").includes("\\")) return null;
    return format.endsWith("\\n") ? `${format.slice(0, -2)}\n` : format;
  }
  if (rest.length !== 1 || rest[0]?.includes("\\") !== false) return null;
  if (format === "%s") return rest[0];
  if (format === "%s\\n") return `${rest[0]}\n`;
  return null;
}
