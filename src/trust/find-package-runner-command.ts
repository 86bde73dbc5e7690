import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { findInterpreterRule, readProgramName } from "./classify-command.js";
import { packageRunnerOptions } from "./command-rules.js";
import { isProgramRole } from "./find-option-value-code.js";
import { flagWord } from "./hook-finding.js";
import type { CommandStep } from "./program-step.js";
import { readCommandOption } from "./read-command-option.js";
import { readWordText } from "./read-word-text.js";

/**
 * What a package runner (`npx`, `pnpm dlx`, `bunx`, …) runs, from the words after its name: its
 * options' values (`-c` shell code), then an interpreter or a program given by path, analyzed as
 * a command whose outcome is the runner's; any other program is a package's, from node_modules or
 * the registry, and flagged. After an option that may or may not take a value, the other reading
 * is analyzed too (its outcome not kept).
 *
 * @example
 * findPackageRunnerCommand(words("node", "./a.js")); // → [command node ./a.js, kept]
 */
export function findPackageRunnerCommand(
  words: readonly EvaluatedWord[],
  keepOutcome = true,
): CommandStep[] {
  const steps: CommandStep[] = [];
  let index = 0;
  while (index < words.length && readWordText(words[index]).startsWith("-")) {
    const option = readCommandOption(words, index, packageRunnerOptions);
    if (option === null) break;
    if (option.value !== null) {
      steps.push({ kind: "value", role: option.role, word: option.value });
      if (isProgramRole(option.role)) return steps;
    }
    // An option not known here may take the next word as its value: check that reading too.
    if (option.ambiguous)
      steps.push(...findPackageRunnerCommand(words.slice(option.next + 1), false));
    index = option.next;
  }
  const runner = words[index];
  if (runner === undefined) return steps;
  const text = readWordText(runner);
  if (
    runner.value.known &&
    (findInterpreterRule(readProgramName(text)) !== undefined || text.includes("/"))
  ) {
    steps.push({ kind: "command", words: words.slice(index), keepOutcome });
    return steps;
  }
  const reason = "a package's program, from node_modules or the package registry";
  steps.push({ kind: "finding", finding: flagWord(runner.word.source, reason) });
  return steps;
}
