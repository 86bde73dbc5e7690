import { accessSync, constants, realpathSync, statSync } from "node:fs";
import path from "node:path";

/** Where and how a command would have been run by the shell. */
export interface ShellEnvironmentContext {
  shell: "sh" | "bash";
  /** The working directory the command runs in. */
  cwd: string;
  /** The program word as written (the first word of the command). */
  file: string;
}

/**
 * Adds to `env` the variables sh or bash would export to a simple command it runs, for a command
 * run without the shell: `PWD` (both), and for bash `SHLVL` and `_` (the program's path as found
 * in `PATH`). Returns false when that cannot be reproduced exactly (bash with `PATH` unset or a
 * relative `PATH` entry, or a program not found); the command then runs through the shell.
 */
export function emulateShellEnvironment(
  env: Record<string, string>,
  context: ShellEnvironmentContext,
): boolean {
  env.PWD = resolveWorkingDirectoryVariable(context.cwd, env.PWD);
  if (context.shell === "sh") return true;
  const found = context.file.includes("/") ? context.file : findInPath(context.file, env.PATH);
  if (found === null) return false;
  const level = readShellLevel(env.SHLVL);
  if (level === null) return false;
  env.SHLVL = String(level);
  env._ = found;
  return true;
}

/**
 * The `PWD` a shell started in `cwd` exports: the inherited `PWD` when it is an absolute path to
 * the same directory, else the physical path of `cwd`. Falls back to `cwd` when it cannot be read.
 */
function resolveWorkingDirectoryVariable(cwd: string, inherited: string | undefined): string {
  try {
    const target = statSync(cwd);
    if (inherited !== undefined && path.isAbsolute(inherited)) {
      const candidate = statSync(inherited, { throwIfNoEntry: false });
      if (candidate !== undefined && candidate.ino === target.ino && candidate.dev === target.dev) {
        return inherited;
      }
    }
    return realpathSync(cwd);
  } catch {
    return cwd;
  }
}

/** The first executable file named `file` in `PATH`, as bash names it; null if unsure. */
function findInPath(file: string, searchPath: string | undefined): string | null {
  if (searchPath === undefined) return null;
  for (const directory of searchPath.split(":")) {
    if (!path.isAbsolute(directory)) return null;
    const candidate = `${directory.endsWith("/") ? directory.slice(0, -1) : directory}/${file}`;
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here: keep looking.
    }
  }
  return null;
}

/**
 * The `SHLVL` a program run by `bash -c` sees: bash adds one at startup and takes it back when it
 * execs the command, so a valid level is kept and anything else becomes 0. Null near bash's limit
 * of 1000, where it prints a warning instead.
 */
function readShellLevel(inherited: string | undefined): number | null {
  const trimmed = inherited?.trim() ?? "";
  const level = /^[+-]?\d+$/.test(trimmed) ? Number(trimmed) : 0;
  if (level + 1 >= 1000) return null;
  return Math.max(0, level);
}
