import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { flagWord } from "./hook-finding.js";
import type { ProgramStep } from "./program-step.js";
import { literal } from "./read-command-option.js";

/**
 * The files `python3 -m package.module` may run from the directory (found first on Python's
 * module path): the module, its `__main__` and every package's `__init__`, each code; and the
 * word flagged, since an installed module is not hashed.
 *
 * @example
 * findPythonModuleCode(literal("tools.check", "tools.check"));
 * // → code tools/check.py, tools/check/__main__.py, tools/check/__init__.py, tools/__init__.py; flag
 */
export function findPythonModuleCode(word: EvaluatedWord): ProgramStep[] {
  const value = word.value;
  const source = word.word.source;
  if (!value.known || !/^[\w.]+$/.test(value.text)) {
    const reason = `a module name that is ${value.known ? "not a plain name" : value.reason}`;
    return [{ kind: "finding", finding: flagWord(source, reason) }];
  }
  const parts = value.text.split(".");
  const base = parts.join("/");
  const candidates = [`${base}.py`, `${base}/__main__.py`, `${base}/__init__.py`];
  for (let index = 1; index < parts.length; index += 1)
    candidates.push(`${parts.slice(0, index).join("/")}/__init__.py`);
  return [
    ...candidates.map(
      (candidate): ProgramStep => ({
        kind: "code",
        word: literal(candidate, source),
      }),
    ),
    {
      kind: "finding",
      finding: flagWord(
        source,
        "a module found on Python's module path: its files in the directory are hashed, an installed one is not",
      ),
    },
  ];
}
