import { mayMoveGitTopLevel } from "./find-git-top-level.js";
import type { ShellState } from "./shell-state.js";

/**
 * Why `$(git rev-parse --show-toplevel)` may differ from the git root found for the hook, or null
 * when it may not: after a cd, or once a variable that moves git's repository (`GIT_WORK_TREE`,
 * …) may be set other than by the hook's environment (`environmentNames`).
 *
 * @example
 * findGitRootMove(stateAfterCd, new Set()); // → "the git root, after a cd: git may find another repository"
 */
export function findGitRootMove(
  state: ShellState,
  environmentNames: ReadonlySet<string>,
): string | null {
  if (state.gitRootMoved) return "the git root, after a cd: git may find another repository";
  if (state.variablesUnknown)
    return "the git root, after code that may set GIT_DIR or GIT_WORK_TREE: git may find another repository";
  for (const [name] of state.variables)
    if (mayMoveGitTopLevel(name) && !environmentNames.has(name))
      return `the git root, after ${name} is set: git may find another repository`;
  return null;
}
