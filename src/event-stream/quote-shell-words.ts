const plainWord = /^[A-Za-z0-9_@%+=:,./-]+$/;

/**
 * Joins an argv list into a POSIX shell command that runs the same program with the same
 * arguments, literally: a word with any shell character (including `~`, `$`, spaces, quotes) is
 * single-quoted, so nothing is expanded; an empty word becomes `''`.
 *
 * @example
 * ```ts
 * quoteShellWords(["bash", "my hooks/adapter.sh", "it's"]); // bash 'my hooks/adapter.sh' 'it'\''s'
 * ```
 */
export function quoteShellWords(argv: readonly string[]): string {
  return argv
    .map((word) => (plainWord.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`))
    .join(" ");
}
