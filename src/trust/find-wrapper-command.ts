import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import type { ProgramStep } from "./program-step.js";
import { literalWord, readCommandOption } from "./read-command-option.js";
import { readWordText } from "./read-word-text.js";
import type { WrapperRule } from "./wrapper-rules.js";

/**
 * What a wrapper (`timeout`, `nice`, `xargs`, `sudo`, `flock`, …) runs, read from its words by its
 * row: the directory it changes to, what its options' values are, shell code it is given, and
 * the command (or shell code) it runs, with its appended or placeholder words filled in at run
 * time as not known. After an option that may or may not take a value, both readings are run
 * (the walker keeps the outcome of the last `run` step).
 *
 * @example
 * findWrapperCommand(timeoutRule, words("5", "./a.sh"));
 * // → run command ./a.sh
 */
export function findWrapperCommand(
  rule: WrapperRule,
  words: readonly EvaluatedWord[],
): ProgramStep[] {
  const steps: ProgramStep[] = [];
  let rest = rule.rest;
  let placeholder: string | null = null;
  let index = 0;
  while (index < words.length) {
    const word = words[index] as EvaluatedWord;
    if (!word.value.known) break;
    const text = word.value.text;
    if (text === "--") {
      index += 1;
      break;
    }
    // `nice -10 …`: a number is an option of its own.
    if (/^-\d+$/.test(text)) {
      index += 1;
      continue;
    }
    if (!text.startsWith("-") || text === "-") break;
    const option = readCommandOption(words, index, rule);
    if (option === null) break;
    if (option.role === "placeholder" || option.role === "attached-placeholder")
      placeholder = option.value === null ? "{}" : readWordText(option.value);
    if (option.role === "exec") rest = "command";
    else if (option.role === "query") rest = "none";
    else if (option.role === "directory" && option.value !== null)
      steps.push({ kind: "directory", word: option.value });
    else if (option.value !== null)
      steps.push({ kind: "value", role: option.role, word: option.value });
    if (option.ambiguous) {
      const skipped = fillIn(rule, words.slice(option.next + rule.operands), placeholder);
      const taken = fillIn(rule, words.slice(option.next + 1 + rule.operands), placeholder);
      steps.push({ kind: "run", rest, rule, words: skipped });
      steps.push({ kind: "run", rest, rule, words: taken });
      return steps;
    }
    index = option.next;
  }
  // `flock lockfile -c '…'`: an option may follow the operands.
  const after = index + rule.operands;
  const late = readWordText(words[after]).startsWith("-")
    ? readCommandOption(words, after, rule)
    : null;
  if (late !== null && late.role === "shell-code" && late.value !== null) {
    steps.push({ kind: "shell-code", word: late.value });
    return steps;
  }
  steps.push({ kind: "run", rest, rule, words: fillIn(rule, words.slice(after), placeholder) });
  return steps;
}

/** Words with a placeholder (`{}`) are filled in at run time: their value is not known. */
export function fillPlaceholder(
  words: readonly EvaluatedWord[],
  placeholder: string,
  reason: string,
): EvaluatedWord[] {
  return words.map((word) =>
    placeholder !== "" && word.value.known && word.value.text.includes(placeholder)
      ? { word: word.word, value: { known: false, reason } }
      : word,
  );
}

function fillIn(
  rule: WrapperRule,
  words: readonly EvaluatedWord[],
  placeholder: string | null,
): readonly EvaluatedWord[] {
  if (rule.appends === undefined || words.length === 0) return words;
  const reason = `${rule.appends}, filled in at run time`;
  if (placeholder !== null) return fillPlaceholder(words, placeholder, reason);
  const label = `<${rule.appends}>`;
  return [...words, { word: literalWord(label, label), value: { known: false, reason } }];
}
