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
  return plainWord.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
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
  return displayWord.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
