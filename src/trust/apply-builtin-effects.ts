import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import type { ShellDialect, ShellStatement, ShellWord } from "../shell/shell-syntax.js";
import { sourceCommands } from "./command-rules.js";
import { type AssignedVariables, findAssignedVariables } from "./find-assigned-variables.js";
import { readWordText } from "./read-word-text.js";
import {
  assignVariable,
  forgetInOutcome,
  markVolatile,
  type ShellOutcome,
  type ShellState,
} from "./shell-state.js";

// Builtins whose operands name the variables they set (see findAssignedVariables).
const settingBuiltins: ReadonlySet<string> = new Set([
  "export",
  "readonly",
  "local",
  "declare",
  "typeset",
  "read",
  "mapfile",
  "readarray",
  "getopts",
  "printf",
  "unset",
  "wait",
]);

/**
 * A builtin's effects on the shell: its outcome after them; `keepDescriptors` for a bare `exec`
 * (what its redirections open stays open); `assigns`, the names trap code may set whenever it
 * runs (the walker notes them as set anywhere).
 */
export interface BuiltinEffects {
  outcome: ShellOutcome;
  keepDescriptors?: boolean;
  assigns?: AssignedVariables;
}

/**
 * What a builtin does to variables and descriptors beyond what the walk follows: `read`,
 * `printf -v`, `unset`… set their operands; `source`, `eval` of code not known, and a program
 * not known (it may be a function or builtin) may set any; `trap` code may run at any point;
 * `export NAME=value` is an assignment; `exec 3< file` keeps the descriptor open.
 *
 * @example
 * applyBuiltinEffects(wordsOf("read X"), evaluated, outcome, "bash").outcome.success?.variables.get("X");
 * // → null
 */
export function applyBuiltinEffects(
  words: readonly ShellWord[],
  evaluated: readonly EvaluatedWord[],
  outcome: ShellOutcome,
  dialect: ShellDialect,
): BuiltinEffects {
  let index = 0;
  while (["command", "builtin"].includes(readWordText(evaluated[index]))) index += 1;
  const program = evaluated[index];
  if (program === undefined) return { outcome };
  if (!program.value.known) {
    const path = program.word.parts.some(
      (part) => part.kind === "literal" && part.raw.includes("/"),
    );
    return { outcome: path ? outcome : forgetInOutcome(outcome, "all") };
  }
  const text = program.value.text;
  if (text === "exec" && evaluated.length === index + 1) return { outcome, keepDescriptors: true };
  const call: ShellStatement = {
    command: { kind: "call", assignments: [], words: words.slice(index) },
    redirects: [],
    negated: false,
    background: false,
  };
  const set = () => findAssignedVariables([call], dialect);
  if (sourceCommands.has(text)) return { outcome: forgetInOutcome(outcome, "all") };
  if (text === "eval")
    return { outcome: set() === "all" ? forgetInOutcome(outcome, "all") : outcome };
  if (text === "trap") {
    const names = set();
    const mark = (state: ShellState | null) => (state === null ? null : markVolatile(state, names));
    return {
      outcome: { success: mark(outcome.success), failure: mark(outcome.failure) },
      assigns: names,
    };
  }
  // POSIX sh reads `export NAME=value` as a command whose operands are assignments.
  if (text === "export" && evaluated.slice(index + 1).every((word) => word.value.known)) {
    let state = outcome.success;
    for (const word of evaluated.slice(index + 1)) {
      const assignment = /^([A-Za-z_]\w*)=(.*)$/s.exec(readWordText(word));
      if (state !== null && assignment !== null)
        state = assignVariable(state, assignment[1] ?? "", assignment[2] ?? "");
    }
    return { outcome: { success: state, failure: state } };
  }
  if (settingBuiltins.has(text)) return { outcome: forgetInOutcome(outcome, set()) };
  return { outcome };
}
