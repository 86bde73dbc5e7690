import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";

/** A word's text when it is known before the shell runs, else `""` (as for a missing word). */
export function readWordText(word: EvaluatedWord | undefined): string {
  return word?.value.known === true ? word.value.text : "";
}
