import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import type { OptionRole } from "./command-rules.js";
import { flagWord } from "./hook-finding.js";
import type { InterpreterRule } from "./interpreter-rules.js";
import type { ProgramStep } from "./program-step.js";
import { readCommandOption } from "./read-command-option.js";

// Option roles whose value is the program (inline code, shell code, a module, a script): the
// words after it are its arguments.
const programRoles: ReadonlySet<OptionRole> = new Set(["code", "shell-code", "module", "script"]);

/**
 * What an interpreter (`node`, `python3`, `bash`, `ruby`, …) runs, read from its words by its
 * row: options that change directory, preload code or carry the program (`-e`, `-c`, `-m`), a
 * subcommand, the script (every file operand with `--test`), or the program read from stdin
 * (`-`, `-s`, no operand); shell code (`sh -c`) is handed back to the walker to follow.
 *
 * @example
 * findInterpreterCode("node", nodeRule, words("-r", "./pre", "main.js"));
 * // → preload ./pre, script main.js
 */
export function findInterpreterCode(
  label: string,
  rule: InterpreterRule,
  words: readonly EvaluatedWord[],
): ProgramStep[] {
  const steps: ProgramStep[] = [];
  const stdin = () => steps.push({ kind: "stdin-program", label, language: rule.language });
  const script = (word: EvaluatedWord) => steps.push({ kind: "script", word, label, rule });
  let shellCode = false;
  let allScripts = false;
  let ambiguous = false;
  // A word not known before the shell runs, already flagged: it may be the script.
  let unknownWord = false;
  let subcommandSeen = rule.subcommands === undefined;
  let index = 0;
  while (index < words.length) {
    const word = words[index] as EvaluatedWord;
    if (!word.value.known && shellCode) {
      steps.push({ kind: "shell-code", word });
      return steps;
    }
    if (!word.value.known) {
      steps.push({
        kind: "finding",
        finding: flagWord(
          word.word.source,
          `an argument that may name the script, and it is ${word.value.reason}`,
        ),
      });
      ambiguous = true;
      unknownWord = true;
      index += 1;
      continue;
    }
    const text = word.value.text;
    if (text === "--") {
      index += 1;
      break;
    }
    if (text === "-") {
      stdin();
      return steps;
    }
    const isOption =
      text.startsWith("-") || (rule.language === "shell" && /^\+[A-Za-z]/.test(text));
    if (isOption) {
      const option = readCommandOption(words, index, rule);
      if (option === null) {
        index += 1;
        continue;
      }
      if (option.ambiguous) ambiguous = true;
      if (option.role === "shell-mode") shellCode = true;
      if (option.role === "scripts") allScripts = true;
      if (option.role === "stdin") {
        stdin();
        return steps;
      }
      if (option.role === "directory" && option.value !== null)
        steps.push({ kind: "directory", word: option.value });
      else if (
        option.role === "preload" &&
        option.value !== null &&
        rule.preloadLookup !== undefined
      )
        steps.push({ kind: "preload", word: option.value, rule });
      else if (option.value !== null) {
        steps.push({ kind: "value", role: option.role, word: option.value });
        if (programRoles.has(option.role)) return steps;
      }
      index = option.next;
      continue;
    }
    if (!subcommandSeen && rule.subcommands !== undefined) {
      subcommandSeen = true;
      const subcommand = Object.hasOwn(rule.subcommands, text) ? rule.subcommands[text] : undefined;
      if (subcommand === "script") {
        index += 1;
        continue;
      }
      if (subcommand === "code") return steps;
      if (subcommand === "package") {
        const rest = words.slice(index).map((each) => each.word.source);
        steps.push({
          kind: "finding",
          finding: flagWord(rest.join(" "), "runs a task or package not hashed here"),
        });
        return steps;
      }
    }
    break;
  }
  const [first, ...others] = words.slice(index);
  if (first === undefined && allScripts) {
    steps.push({
      kind: "finding",
      finding: flagWord(
        [label, ...words.map((word) => word.word.source)].join(" "),
        `${label} with no file runs every test file it finds under the directory, and those are not hashed`,
      ),
    });
    return steps;
  }
  if (first === undefined) {
    if (!shellCode && !unknownWord) stdin();
    return steps;
  }
  if (shellCode) {
    steps.push({ kind: "shell-code", word: first });
    return steps;
  }
  script(first);
  if (allScripts) for (const other of others) script(other);
  // After an option that may or may not take a value, the next operand may be the script too.
  else if (ambiguous && others[0] !== undefined) script(others[0]);
  return steps;
}
