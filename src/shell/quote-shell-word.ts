// Letters, digits and these marks mean nothing to a POSIX shell, anywhere in a word.
const plainWord = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * Quotes one word for a POSIX shell so it stays one literal word: a word of only letters, digits
 * and `_@%+=:,./-` is left as it is; any other word (including the empty word and one with `~`,
 * `$`, spaces, quotes or a newline) is single-quoted, each `'` written as `'\''`.
 *
 * @example
 * ```ts
 * quoteShellWord("--level=info"); // --level=info
 * quoteShellWord("it's"); // 'it'\''s'
 * quoteShellWord(""); // ''
 * ```
 */
export function quoteShellWord(word: string): string {
  return quoteWord(word, plainWord);
}

/**
 * Joins an argv list into a POSIX shell command that runs the same program with the same
 * arguments, literally: each word quoted by `quoteShellWord`, so nothing is expanded.
 *
 * @example
 * ```ts
 * quoteShellWords(["bash", "my hooks/adapter.sh", "it's"]); // bash 'my hooks/adapter.sh' 'it'\''s'
 * ```
 */
export function quoteShellWords(argv: readonly string[]): string {
  return argv.map(quoteShellWord).join(" ");
}

// As plainWord, plus `~`: shown to people, `~/hook.sh` reads as written.
const displayWord = /^[A-Za-z0-9_@%+=:,./~-]+$/;

/**
 * Quotes one word of a command shown to people, as `quoteShellWord` does but leaving `~`
 * unquoted, so `~/hook.sh` reads as it was written.
 */
export function quoteDisplayWord(word: string): string {
  return quoteWord(word, displayWord);
}

/**
 * A hook command as one line for people: a string as written, an argv list joined with spaces,
 * each word quoted by `quoteDisplayWord`.
 */
export function formatCommand(command: string | readonly string[]): string {
  return typeof command === "string" ? command : command.map(quoteDisplayWord).join(" ");
}

function quoteWord(word: string, plain: RegExp): string {
  return plain.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
