import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { flagWord } from "./hook-finding.js";
import type { CommandStep } from "./program-step.js";
import { readWordText } from "./read-word-text.js";

/**
 * `. file`, `source file`: the file runs in this shell (a bare name is looked up on PATH).
 *
 * @example
 * findSourcedFile(words(".", "./env.sh")); // → [code ./env.sh, sourced]
 */
export function findSourcedFile(words: readonly EvaluatedWord[]): CommandStep[] {
  const file = words[1];
  return file === undefined ? [] : [{ kind: "code", word: file, role: "sourced" }];
}

/**
 * `trap 'code' EXIT`: the code runs later, at any point, in this shell (followed then).
 *
 * @example
 * findTrapCode(words("trap", "./cleanup.sh", "EXIT")); // → [shell text ./cleanup.sh, later]
 */
export function findTrapCode(words: readonly EvaluatedWord[]): CommandStep[] {
  const code = readWordText(words[1]) === "--" ? words[2] : words[1];
  if (code === undefined || words.length <= 2) return [];
  const source = code.word.source;
  if (!code.value.known)
    return [
      { kind: "finding", finding: flagWord(source, `shell code that is ${code.value.reason}`) },
    ];
  return [{ kind: "shell-text", text: code.value.text, label: source, later: true }];
}

/**
 * `enable -f lib.so name`: bash loads a builtin from the library file.
 *
 * @example
 * findEnabledLibrary(words("enable", "-f", "./lib.so", "x")); // → [code ./lib.so]
 */
export function findEnabledLibrary(words: readonly EvaluatedWord[]): CommandStep[] {
  const index = words.findIndex((word) => word.value.known && word.value.text === "-f");
  const library = index === -1 ? undefined : words[index + 1];
  return library === undefined ? [] : [{ kind: "code", word: library }];
}

/**
 * `alias ls=./a.sh`: the value runs as shell code wherever the name is used later (dash always
 * expands aliases in scripts; bash with `shopt -s expand_aliases` or in POSIX mode).
 *
 * @example
 * findAliasCode(words("alias", "ls=./a.sh")); // → [shell text ./a.sh]
 */
export function findAliasCode(words: readonly EvaluatedWord[]): CommandStep[] {
  const steps: CommandStep[] = [];
  for (const word of words.slice(1)) {
    const source = word.word.source;
    if (!word.value.known) {
      const finding = flagWord(source, `an alias whose value is ${word.value.reason}`);
      steps.push({ kind: "finding", finding });
      continue;
    }
    const equals = word.value.text.indexOf("=");
    if (equals <= 0) continue;
    steps.push({ kind: "shell-text", text: word.value.text.slice(equals + 1), label: source });
  }
  return steps;
}
