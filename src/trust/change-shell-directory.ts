import path from "node:path";
import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { findGitRootMove } from "./find-git-root-move.js";
import { readWordText } from "./read-word-text.js";
import { changeDirectory, type ShellOutcome, type ShellState } from "./shell-state.js";

/** Where a `cd` starts from and what it may go to: the home and the hook's directory. */
export interface DirectoryContext {
  home: string;
  cwd: string;
  /** The hook's environment's variables (they do not move git's top level; see findGitRootMove). */
  environmentNames: ReadonlySet<string>;
}

/**
 * How `cd`, `pushd` or `popd` leaves the shell: on success in the directory it names (every
 * directory it may be relative to), home for a bare `cd`, or a directory not known (`popd`, `cd
 * -`, a word not known, `CDPATH` for a relative path, the git root once it may move); on failure
 * where it was.
 *
 * @example
 * changeShellDirectory(words("cd", "sub"), stateIn("/repo"), context).success?.directories;
 * // → ["/repo/sub"]
 */
export function changeShellDirectory(
  words: readonly EvaluatedWord[],
  state: ShellState,
  context: DirectoryContext,
): ShellOutcome {
  const command = readWordText(words[0]);
  const unknown = { ...state, directories: null, gitRootMoved: true };
  if (command === "popd") return { success: unknown, failure: state };
  let index = 1;
  while (words[index]?.value.known === true && /^-[LPe@]+$/.test(readWordText(words[index])))
    index += 1;
  if (words[index]?.value.known === true && readWordText(words[index]) === "--") index += 1;
  const target = words[index];
  if (target === undefined) {
    if (command !== "cd") return { success: unknown, failure: state };
    return { success: changeDirectory(state, context.home, context.cwd), failure: state };
  }
  const value = target.value;
  const known =
    value.known &&
    value.text !== "-" &&
    value.text !== "" &&
    !(value.usesGitRoot && findGitRootMove(state, context.environmentNames) !== null);
  // CDPATH makes a relative `cd` search other directories first.
  const searched =
    known && !path.isAbsolute(value.text) && state.variables.get("CDPATH") !== undefined;
  return {
    success: changeDirectory(state, known && !searched ? value.text : null, context.cwd),
    failure: state,
  };
}
