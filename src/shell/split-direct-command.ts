import { readShellBuiltin } from "./shell-builtins.js";

/** What a direct command's words may expand: `~` to `HOME`; nothing else is expanded. */
export interface DirectCommandContext {
  /** The handler's environment: `HOME` for `~`, `BASH_ENV` for bash. */
  env: Readonly<Record<string, string | undefined>>;
  /** The shell the command would otherwise run with; bash reads `$BASH_ENV` first. */
  shell: "sh" | "bash";
}

// Unquoted characters that mean nothing to sh or bash inside a word.
const plainCharacter = /^[A-Za-z0-9_@%+=:,./-]$/;

/**
 * Splits a command string into an argv list when running it without a shell gives exactly what
 * the shell would: only plain words, single quotes, double quotes without `$`, backquotes or
 * backslashes, and a leading `~` or `~/` (expanded to the handler's `HOME`). Returns null for
 * anything else (a variable, glob, pipe, redirection, `&&`, `;`, comment, assignment, backslash,
 * a reserved word or builtin of bash or dash first (`shellBuiltins`), an empty command), which
 * then runs through the shell.
 *
 * @example
 * splitDirectCommand(`node "my hooks/check.mjs" --strict`, { env: process.env, shell: "sh" });
 * // → ["node", "my hooks/check.mjs", "--strict"]
 */
export function splitDirectCommand(
  command: string,
  context: DirectCommandContext,
): string[] | null {
  if (context.shell === "bash" && context.env.BASH_ENV !== undefined) return null;
  const words: string[] = [];
  let index = 0;
  while (index < command.length) {
    const character = command.charAt(index);
    if (character === " " || character === "\t") {
      index += 1;
      continue;
    }
    const word = readDirectWord(command, index, context.env.HOME);
    if (word === null) return null;
    if (words.length === 0 && (word.hasEquals || isShellOwned(word.text))) return null;
    words.push(word.text);
    index = word.end;
  }
  return words.length === 0 ? null : words;
}

// Reserved words, and builtins whose program of the same name (if any) may behave differently
// (`echo` interprets backslashes in dash); `true` and `false` do exactly what their programs do.
function isShellOwned(name: string): boolean {
  const builtin = readShellBuiltin(name);
  return builtin !== null && builtin.sameAsProgram !== true;
}

/** One word from `start`, or null when it holds anything the shell would interpret. */
function readDirectWord(
  command: string,
  start: number,
  home: string | undefined,
): { text: string; end: number; hasEquals: boolean } | null {
  let text = "";
  let hasEquals = false;
  let index = start;
  if (command.charAt(index) === "~") {
    const next = command.charAt(index + 1);
    if (home === undefined || (next !== "" && next !== "/" && next !== " " && next !== "\t")) {
      return null;
    }
    text = home;
    index += 1;
  }
  while (index < command.length) {
    const character = command.charAt(index);
    if (character === " " || character === "\t") break;
    if (character === "'") {
      const close = command.indexOf("'", index + 1);
      if (close === -1) return null;
      text += command.slice(index + 1, close);
      index = close + 1;
    } else if (character === '"') {
      const close = command.indexOf('"', index + 1);
      if (close === -1) return null;
      const quoted = command.slice(index + 1, close);
      if (/[$`\\]/.test(quoted)) return null;
      text += quoted;
      index = close + 1;
    } else if (plainCharacter.test(character)) {
      if (character === "=") hasEquals = true;
      text += character;
      index += 1;
    } else {
      return null;
    }
  }
  return { text, end: index, hasEquals };
}
