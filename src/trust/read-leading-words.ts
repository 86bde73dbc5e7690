import { evaluateShellWord, type WordScope } from "../shell/evaluate-shell-word.js";
import type { ShellStatement, ShellWord } from "../shell/shell-syntax.js";

/** The first simple command of a script: its words as written, and their values. */
export interface LeadingWords {
  words: readonly ShellWord[];
  texts: string[];
}

/**
 * The simple command a script runs first, which runs whatever follows it (the left of `&&`, `||`
 * and `|`), when every one of its words is known before the shell runs (expanded in `scope`);
 * null when one is not, or the script starts with a compound command: nothing is then required.
 *
 * @example
 * readLeadingWords(statementsOf("./a.sh x && b"), scope)?.texts; // → ["./a.sh", "x"]
 */
export function readLeadingWords(
  statements: readonly ShellStatement[],
  scope: WordScope,
): LeadingWords | null {
  const first = statements[0];
  const words = first === undefined ? null : findLeadingCall(first);
  if (words === null) return null;
  const texts: string[] = [];
  for (const word of words) {
    const value = evaluateShellWord(word, scope);
    if (!value.known) return null;
    texts.push(value.text);
  }
  return { words, texts };
}

function findLeadingCall(statement: ShellStatement): readonly ShellWord[] | null {
  const command = statement.command;
  if (command === null) return null;
  switch (command.kind) {
    case "call":
      return command.words;
    case "and":
    case "or":
    case "pipe":
      return findLeadingCall(command.left);
    case "time":
      return command.statement === null ? null : findLeadingCall(command.statement);
    default:
      return null;
  }
}
