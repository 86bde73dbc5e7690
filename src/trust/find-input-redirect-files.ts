import {
  type EvaluatedWord,
  evaluateShellWord,
  type WordScope,
} from "../shell/evaluate-shell-word.js";
import type { ShellRedirect } from "../shell/shell-syntax.js";
import { isKnownProgram } from "./classify-command.js";
import type { CommandStep } from "./program-step.js";
import { readWordText } from "./read-word-text.js";

/**
 * The files `cmd < file` has the shell open for the program to read: data to a program the
 * tables know, and maybe code to any other; each listed (unless hashed as the program read from
 * stdin). A target not known is left to the walk of the redirection's words.
 *
 * @example
 * findInputRedirectFiles(literal("cat", "cat"), redirectsOf("< a.txt"), scope);
 * // → [data a.txt: "a file the program reads as data"]
 */
export function findInputRedirectFiles(
  program: EvaluatedWord | undefined,
  redirects: readonly ShellRedirect[],
  scope: WordScope,
): CommandStep[] {
  const known = program !== undefined && isKnownProgram(readWordText(program));
  const steps: CommandStep[] = [];
  for (const redirect of redirects) {
    if (redirect.operator !== "<" && redirect.operator !== "<>") continue;
    const target = { word: redirect.target, value: evaluateShellWord(redirect.target, scope) };
    if (!target.value.known) continue;
    if (known)
      steps.push({ kind: "data", word: target, reason: "a file the program reads as data" });
    else
      steps.push({
        kind: "operand",
        word: target,
        reason: `a file given to ${readWordText(program)}, a program not known to agent-hooks, so it may run it`,
      });
  }
  return steps;
}
