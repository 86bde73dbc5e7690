import { quoteShellWord } from "./quote-shell-word.js";

/**
 * Joins an argv list into one POSIX shell string that runs the same program with the same
 * arguments: words with shell characters are single-quoted, and a leading `~/` of the program is
 * left unquoted so the shell still expands it.
 *
 * @example
 * ```ts
 * joinShellArguments(["~/hooks/guard.sh", "--mode", "it's"]); // ~/hooks/guard.sh --mode 'it'\''s'
 * ```
 */
export function joinShellArguments(argv: readonly string[]): string {
  return argv
    .map((word, index) => {
      if (index === 0 && word.startsWith("~/")) return `~/${quoteShellWord(word.slice(2))}`;
      return quoteShellWord(word);
    })
    .join(" ");
}
