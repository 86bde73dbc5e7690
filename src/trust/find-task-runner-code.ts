import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { taskRunners } from "./command-rules.js";
import { flagWord } from "./hook-finding.js";
import type { ProgramStep } from "./program-step.js";
import { literal, readCommandOption } from "./read-command-option.js";

/**
 * What a task runner (`make`, `npm run`, `just`, …) runs, read from its words by its row: the
 * directory it changes to (`make -C dir`), the file that defines its tasks (its `-f` file, or
 * the row's default names), hashed as code, and the command flagged, since the scripts its tasks
 * run are not followed.
 *
 * @example
 * findTaskRunnerCode("make", words("-C", "sub", "lint"));
 * // → directory sub; code GNUmakefile, makefile, Makefile; flag "make -C sub lint"
 */
export function findTaskRunnerCode(key: string, words: readonly EvaluatedWord[]): ProgramStep[] {
  const runner = Object.hasOwn(taskRunners, key) ? taskRunners[key] : undefined;
  if (runner === undefined) return [];
  const steps: ProgramStep[] = [];
  const files: EvaluatedWord[] = [];
  let index = 0;
  while (index < words.length) {
    const word = words[index];
    const option =
      word?.value.known === true && word.value.text.startsWith("-")
        ? readCommandOption(words, index, runner.options)
        : null;
    if (option === null) {
      index += 1;
      continue;
    }
    if (option.role === "directory" && option.value !== null)
      steps.push({ kind: "directory", word: option.value });
    if (option.role === "config" && option.value !== null) files.push(option.value);
    index = option.next;
  }
  const label = [key, ...words.map((word) => word.word.source)].join(" ");
  const defined = files.length > 0 ? files : runner.files.map((file) => literal(file, file));
  for (const file of defined) steps.push({ kind: "code", word: file });
  const finding = flagWord(
    label,
    `runs tasks defined in ${defined.map((file) => file.word.source).join(" or ")}: that file is hashed, the scripts its tasks run are not`,
  );
  steps.push({ kind: "finding", finding });
  return steps;
}
