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

/** How {@link quoteShellWords} writes a leading `~/` of the program. */
export interface QuoteShellWordsOptions {
  /**
   * Leave a leading `~/` of the first word unquoted, so the shell expands it to the home
   * directory, as the engine and the agents do with an argv list's program (default false:
   * `~` stays literal, as for any word).
   */
  expandProgramHome?: boolean;
}

/**
 * Joins an argv list into a POSIX shell command that runs the same program with the same
 * arguments: each word quoted by `quoteShellWord`, so nothing is expanded, except, with
 * `expandProgramHome`, a leading `~/` of the program.
 *
 * @example
 * ```ts
 * quoteShellWords(["bash", "my hooks/adapter.sh", "it's"]); // bash 'my hooks/adapter.sh' 'it'\''s'
 * quoteShellWords(["~/my hooks/a.sh", "$HOME"], { expandProgramHome: true }); // ~/'my hooks/a.sh' '$HOME'
 * ```
 */
export function quoteShellWords(
  argv: readonly string[],
  options: QuoteShellWordsOptions = {},
): string {
  return argv
    .map((word, index) =>
      index === 0 && options.expandProgramHome === true && word.startsWith("~/")
        ? `~/${quoteShellWord(word.slice(2))}`
        : quoteShellWord(word),
    )
    .join(" ");
}

// As plainWord, plus `~`: shown to people, `~/hook.sh` reads as written.
const displayWord = /^[A-Za-z0-9_@%+=:,./~-]+$/;

/**
 * A command as one line for people: a string as written; an argv list joined with spaces, each
 * word quoted as `quoteShellWord` does but with `~` left unquoted, so `~/hook.sh` reads as it
 * was written.
 *
 * @example
 * ```ts
 * formatCommand(["python3", "~/guard.py", "my file"]); // python3 ~/guard.py 'my file'
 * ```
 */
export function formatCommand(command: string | readonly string[]): string {
  if (typeof command === "string") return command;
  return command.map((word) => quoteWord(word, displayWord)).join(" ");
}

function quoteWord(word: string, plain: RegExp): string {
  return plain.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
