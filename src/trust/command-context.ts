import type { DirectoryContext } from "./change-shell-directory.js";
import type { StartupContext } from "./find-shell-startup-files.js";
import type { FileLookup } from "./lookup-interpreter-entry.js";
import type { ShellState } from "./shell-state.js";

/** What a simple command's handler knows of the walker: the state it runs in and the hook's setting. */
export interface CommandContext extends StartupContext, DirectoryContext {
  state: ShellState;
  /** A bare program with an extension is a script in the directory (`uv run hook.py`). */
  bareIsScript: boolean;
  /** The PATH the hook is given (a bare program is looked up on it), or undefined. */
  initialPath: string | undefined;
  /** How interpreters' scripts are looked up on disk, when they are. */
  lookup?: FileLookup;
}
