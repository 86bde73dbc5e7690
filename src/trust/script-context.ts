import type { WordScope } from "../shell/evaluate-shell-word.js";
import type { ShellDialect } from "../shell/shell-syntax.js";
import type { FileLookup } from "./lookup-interpreter-entry.js";
import { isSplittingChanged, onlyDirectory, type ShellState } from "./shell-state.js";

/** What every analysis of one hook shares: where it starts, its home, git root and dialect. */
export interface ScriptContext {
  home: string;
  /** The hook's working directory: relative paths resolve against it until a `cd`. */
  cwd: string;
  gitRoot: string | null;
  /** Why the git root is not known, when it was looked for. */
  gitRootUnknown?: string;
  /** How interpreters' scripts are looked up on disk; without it, a script is taken as named. */
  lookup?: FileLookup;
  dialect: ShellDialect;
}

/** What a word may expand to at a point of the command: the state's variables and directory. */
export function readWordScope(state: ShellState, context: ScriptContext): WordScope {
  return {
    home: context.home,
    variables: state.variables,
    gitRoot: context.gitRoot,
    ...(context.gitRootUnknown !== undefined && { gitRootUnknown: context.gitRootUnknown }),
    directory: onlyDirectory(state.directories),
    allUnknown: state.variablesUnknown,
    splitUnknown: isSplittingChanged(state),
  };
}
