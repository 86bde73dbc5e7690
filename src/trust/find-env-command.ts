import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { envOptions } from "./command-rules.js";
import { flagWord } from "./hook-finding.js";
import type { CommandStep } from "./program-step.js";
import { literal, readCommandOption } from "./read-command-option.js";

/**
 * What `env` runs, from its words (`env` first): the variables it sets for the command (any word
 * with `=` before it, `BASH_FUNC_x%%=…` too), the directory it changes to (`-C`), the words `-S`
 * splits (again from the start, the state reached kept as env's outcome), then the command, whose
 * outcome is not the shell's. After an option that may or may not take a value, both readings
 * are analyzed, the second's outcome kept.
 *
 * @example
 * findEnvCommand(words("env", "X=1", "./a.sh"));
 * // → keep state, variable X=1, command ./a.sh
 */
export function findEnvCommand(words: readonly EvaluatedWord[]): CommandStep[] {
  const steps: CommandStep[] = [{ kind: "keep-state" }];
  let current = words;
  let index = 1;
  for (;;) {
    const word = current[index];
    if (word === undefined) return steps;
    if (!word.value.known) break;
    const text = word.value.text;
    if (text === "--") {
      index += 1;
      break;
    }
    const assignment = /^([^=-][^=]*)=(.*)$/s.exec(text);
    if (assignment !== null) {
      const [, name = "", value = ""] = assignment;
      steps.push({ kind: "variable", name, value, source: word.word.source });
      index += 1;
      continue;
    }
    if (!text.startsWith("-") || text === "-") break;
    const option = readCommandOption(current, index, envOptions);
    if (option === null) break;
    const value = option.value;
    if (option.role === "split") {
      if (value === null) return steps;
      if (!value.value.known || /["'\\$`]/.test(value.value.text)) {
        const reason = "env -S splits this string by rules not followed here";
        steps.push({ kind: "finding", finding: flagWord(value.word.source, reason) });
        return steps;
      }
      const split = value.value.text
        .split(/\s+/)
        .filter(Boolean)
        .map((part) => literal(part, value.word.source));
      current = [current[0] as EvaluatedWord, ...split, ...current.slice(option.next)];
      index = 1;
      steps.push({ kind: "keep-state" });
      continue;
    }
    if (option.role === "directory" && value !== null)
      steps.push({ kind: "directory", word: value });
    if (option.ambiguous) {
      // An option not known here may take the next word as its value, or not: check both.
      steps.push({ kind: "command", words: current.slice(option.next), keepOutcome: false });
      steps.push({ kind: "command", words: current.slice(option.next + 1), keepOutcome: true });
      return steps;
    }
    index = option.next;
  }
  steps.push({ kind: "command", words: current.slice(index), keepOutcome: false });
  return steps;
}
