import { evaluateShellWord, type WordScope } from "../shell/evaluate-shell-word.js";
import type { ShellAssignment, ShellWord } from "../shell/shell-syntax.js";
import { assignVariable, type ShellState } from "./shell-state.js";

/** What assignments before a program give it (`X=1 cmd`). */
export interface PrefixAssignments {
  /** The state the program runs in. */
  state: ShellState;
  /** The names exported to the program only. */
  exports: ReadonlySet<string>;
  /** The variables the program is given: `inherited`, then these, as it sees them (null: not known). */
  environment: ReadonlyMap<string, string | null>;
  /** The names whose value the assignments change: not known after a special builtin, which keeps them. */
  changed: ReadonlySet<string>;
}

/**
 * The state after shell assignments (`X=1 Y=$X`), each value expanded in `scope` (the state before
 * them, as the shell expands a command's assignments): a value is known when its word is and it
 * is set whole (not `+=`, not an array); `X=` sets X to the empty string, and so does any name
 * given no value word before a program (`prefix`: `X=(…) cmd` too).
 *
 * @example
 * assignShellVariables(assignmentsOf("X=./a.sh"), state, scope).variables.get("X"); // → "./a.sh"
 */
export function assignShellVariables(
  assignments: readonly ShellAssignment[],
  start: ShellState,
  scope: WordScope,
  prefix = false,
): ShellState {
  let state = start;
  for (const assignment of assignments) {
    if (prefix && assignment.value === null) {
      state = assignVariable(state, assignment.name, "");
      continue;
    }
    const value =
      assignment.value === null
        ? { known: true as const, text: "" }
        : evaluateShellWord(assignment.value, scope);
    const known = value.known && !assignment.append && assignment.otherWords.length === 0;
    state = assignVariable(state, assignment.name, known ? value.text : null);
  }
  return state;
}

/**
 * What assignments before a program give it (`X=1 Y=$X cmd`): the state it runs in, each value
 * expanded in `scope` (see {@link assignShellVariables}), and the variables it is given, with
 * `inherited` (those an enclosing `env` or prefix gave).
 *
 * @example
 * readPrefixAssignments(assignmentsOf("X=1"), state, scope, new Map()).environment.get("X"); // → "1"
 */
export function readPrefixAssignments(
  assignments: readonly ShellAssignment[],
  state: ShellState,
  scope: WordScope,
  inherited: ReadonlyMap<string, string | null>,
): PrefixAssignments {
  const commandState = assignShellVariables(assignments, state, scope, true);
  const exports = new Set(assignments.map((assignment) => assignment.name));
  const environment = new Map(inherited);
  for (const assignment of assignments) {
    const value = assignment.value === null ? null : evaluateShellWord(assignment.value, scope);
    environment.set(assignment.name, value?.known === true ? value.text : null);
  }
  const changed = new Set(
    [...exports].filter((name) => commandState.variables.get(name) !== state.variables.get(name)),
  );
  return { state: commandState, exports, environment, changed };
}

/** The words assignments expand: each value and array element (`X=${Y:=1}`, `A=(a b)`). */
export function listAssignmentWords(assignments: readonly ShellAssignment[]): ShellWord[] {
  return assignments.flatMap((assignment) => [
    ...(assignment.value === null ? [] : [assignment.value]),
    ...assignment.otherWords,
  ]);
}
