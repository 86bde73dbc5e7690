import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { listEntryFindings } from "./find-interpreter-entries.js";
import type { ProgramFinding } from "./hook-finding.js";
import type { InterpreterRule } from "./interpreter-rules.js";
import { type FileLookup, findPythonUserSite } from "./lookup-interpreter-entry.js";
import { readWordText } from "./read-word-text.js";

/**
 * The user site-packages Python reads at start whatever it runs (a script, `-c`, `-m`): its
 * `.pth` files and `usercustomize` (see `findPythonUserSite`), unless `-s` or `-I` skips it.
 * Nothing for another interpreter, or without a lookup.
 *
 * @example
 * findUserSiteCode("python3", pythonRule, words("a.py"), "/home/me", diskFileLookup);
 * // → [hash ~/.local/lib/python3.12/site-packages (observed), …]
 */
export function findUserSiteCode(
  label: string,
  rule: InterpreterRule,
  words: readonly EvaluatedWord[],
  home: string,
  lookup: FileLookup | undefined,
): ProgramFinding[] {
  if (rule.scriptLookup !== "python" || lookup === undefined || disablesUserSite(words)) return [];
  return listEntryFindings(label, findPythonUserSite(home, lookup));
}

// `python -s` and `-I` skip the user site-packages; a word that is not an option ends the search,
// so a value such as `-W s` is never read as the flag (missing a flag only hashes more).
function disablesUserSite(words: readonly EvaluatedWord[]): boolean {
  for (const word of words) {
    const text = readWordText(word);
    if (!text.startsWith("-") || text === "-" || text === "--") return false;
    if (text.startsWith("--")) continue;
    for (const letter of text.slice(1)) {
      if ("sI".includes(letter)) return true;
      if ("cmWX".includes(letter)) return false;
    }
  }
  return false;
}
