import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { fillPlaceholder } from "./find-wrapper-command.js";
import type { CommandStep } from "./program-step.js";
import { readWordText } from "./read-word-text.js";

const execActions: ReadonlySet<string> = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/**
 * The commands `find` runs (`-exec`, `-execdir`, `-ok`, `-okdir`, up to `;` or `+`): `{}` is the
 * name of each file it visits, not known before it runs (never a file named `{}`); `-execdir`
 * runs in each file's directory. find runs them itself: their outcome is not the shell's, and
 * they do not read the shell's pipe.
 *
 * @example
 * findExecCommands(words("find", ".", "-exec", "sh", "{}", ";")); // → [command sh <not known>]
 */
export function findExecCommands(words: readonly EvaluatedWord[]): CommandStep[] {
  const steps: CommandStep[] = [];
  for (let index = 1; index < words.length; index += 1) {
    const action = readWordText(words[index]);
    if (!execActions.has(action)) continue;
    const end = words.findIndex(
      (word, position) => position > index && [";", "+"].includes(readWordText(word)),
    );
    const command = fillPlaceholder(
      words.slice(index + 1, end === -1 ? words.length : end),
      "{}",
      "the name of each file find visits, filled in for {} at run time",
    );
    steps.push({
      kind: "command",
      words: command,
      keepOutcome: false,
      anyDirectory: action.endsWith("dir"),
      offPipe: true,
    });
    index = end === -1 ? words.length : end;
  }
  return steps;
}
