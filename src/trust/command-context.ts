import type { DirectoryContext } from "./change-shell-directory.js";
import type { StartupContext } from "./find-shell-startup-files.js";
import type { FileLookup } from "./lookup-interpreter-entry.js";
import type { ScriptContext } from "./script-context.js";
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

/** What the walker knows of a command beyond its state: the hook's setting and what the command is given. */
export interface CommandSetting {
  script: ScriptContext;
  environmentNames: ReadonlySet<string>;
  initialPath: string | undefined;
  /** Variables the command is given by `NAME=value` before it or `env` (null: a value not known). */
  environment: ReadonlyMap<string, string | null>;
}

/**
 * A handler's context for a command run in `state`: a variable is what the command is given,
 * else the shell's value (null when not known, undefined when not set).
 *
 * @example
 * readCommandContext(setting, state, false).variable("HOME"); // → "/home/me"
 */
export function readCommandContext(
  setting: CommandSetting,
  state: ShellState,
  bareIsScript: boolean,
): CommandContext {
  const { script, environment } = setting;
  return {
    home: script.home,
    directories: state.directories,
    observing: script.lookup !== undefined,
    variable: (name) => {
      if (environment.has(name)) return environment.get(name) ?? null;
      if (state.variables.has(name)) return state.variables.get(name) ?? null;
      return undefined;
    },
    state,
    bareIsScript,
    cwd: script.cwd,
    environmentNames: setting.environmentNames,
    initialPath: setting.initialPath,
    ...(script.lookup !== undefined && { lookup: script.lookup }),
  };
}
