import path from "node:path";
import type { HookCommand } from "../config/hook-definition.js";
import type { ShellDialect } from "../shell/shell-syntax.js";
import { findRequiredScripts, type RequiredScript } from "./find-required-scripts.js";
import {
  listHashedFiles,
  listNotHashedWords,
  listObservedFiles,
  type NotHashedWord,
} from "./hook-finding.js";
import type { FileLookup } from "./lookup-interpreter-entry.js";
import { walkShellScript } from "./walk-shell-script.js";

export type { RequiredScript } from "./find-required-scripts.js";
export type { NotHashedWord } from "./hook-finding.js";

/** Where a hook command's words are resolved: its working directory, home, and known variables. */
export interface ScriptResolutionOptions {
  cwd: string;
  home: string;
  /** Variables a `$NAME` in the command may expand to (such as a plugin's `PLUGIN_ROOT`). */
  env?: Readonly<Record<string, string>>;
  /** What `$(git rev-parse --show-toplevel)` prints in `cwd`, or null when it is not known. */
  gitRoot?: string | null;
  /** Why the git root is not known, when it was looked for (shown as the not-hashed reason). */
  gitRootUnknown?: string;
  /**
   * How an interpreter's script is looked up on disk (`node x` may run `x.js`); without it, the
   * script is taken as named. Every path it looks at is added to `files`.
   */
  lookup?: FileLookup;
  /** The shell string commands run with: `sh` (parsed as bash and as POSIX sh) or `bash`. */
  shell?: "sh" | "bash";
}

/** The scripts a hook command runs: the files known before the shell runs, and the others. */
export interface HookScripts {
  /** Absolute paths of the script files, in the order the command names them, each once. */
  files: string[];
  /**
   * The words, as written, that may name code whose file cannot be known before the shell runs
   * (a command substitution, an unknown variable, a glob, a module found by name, a command the
   * parser rejects, …), each with the reason. A change to those files goes unnoticed by trust.
   */
  notHashed: NotHashedWord[];
  /**
   * The files among `files` the command certainly runs, so that a missing one (or a program
   * that is not executable) is a configuration error; the others are candidates that may not run.
   */
  required: RequiredScript[];
  /**
   * The files among `files` hashed only because a lookup looked at them (`x.js` beside `node x`,
   * a package.json, the user site-packages), listed after the scripts; absent when none.
   */
  observed?: string[];
}

/**
 * The first script file a hook command runs, as an absolute path, or null when it runs none
 * that can be known before the shell runs: the first of {@link resolveHookScripts}'s `files`.
 *
 * @example
 * resolveHookScript("python3 ~/.zerotwo/hooks/guard.py", { cwd: "/repo", home: "/home/me" });
 * // → "/home/me/.zerotwo/hooks/guard.py"
 */
export function resolveHookScript(
  command: HookCommand,
  options: ScriptResolutionOptions,
): string | null {
  return resolveHookScripts(command, options).files[0] ?? null;
}

/**
 * Every file a hook command runs or loads, found by parsing it with mvdan/sh's parser and
 * following it as the shell would (see `walkShellScript`): programs given as paths,
 * interpreters' scripts and preloads (`node -r`, `ruby -r`, `perl -M`, `php -d
 * auto_prepend_file=`), sourced files, scripts fed on stdin, `sh -c`, `eval` and `trap` code,
 * commands under wrappers (`env -C`, `timeout`, `nice`, `xargs`, `sudo`, `exec`, `command`, …),
 * task files (`make`, `npm run`) and variables that load code (`BASH_ENV`, `NODE_OPTIONS`,
 * `LD_PRELOAD`). Relative paths resolve against `cwd` and every directory a `cd` may leave the
 * shell in. A word that may name code but cannot be resolved, and a command the parser rejects,
 * are listed in `notHashed` with the reason. With `shell: "sh"` (the default), the command is
 * parsed as bash and as POSIX sh (dash), and both readings count. Touches the file system only
 * through `lookup` (stat and read), and every path it looks at is in `files`.
 *
 * @example
 * resolveHookScripts("./a.sh && python3 b.py", { cwd: "/repo", home: "/home/me" });
 * // → { files: ["/repo/a.sh", "/repo/b.py"], notHashed: [],
 * //     required: [{ file: "/repo/a.sh", executable: true }] }
 */
export function resolveHookScripts(
  command: HookCommand,
  options: ScriptResolutionOptions,
): HookScripts {
  const dialects: readonly ShellDialect[] =
    typeof command !== "string" || options.shell === "bash" ? ["bash"] : ["bash", "posix"];
  const scripts: HookScripts = { files: [], notHashed: [], required: [] };
  const variables = new Map(Object.entries(options.env ?? {}));
  const observed = new Set<string>();
  for (const dialect of dialects) {
    const context = {
      home: options.home,
      cwd: options.cwd,
      gitRoot: options.gitRoot ?? null,
      ...(options.gitRootUnknown !== undefined && { gitRootUnknown: options.gitRootUnknown }),
      ...(options.lookup !== undefined && { lookup: options.lookup }),
      dialect,
    };
    const walk = walkShellScript(
      typeof command === "string" ? { script: command } : readArgv(command, options.home),
      context,
      variables,
    );
    // Bash is read first; what its first command certainly runs is the same in POSIX sh.
    if (dialect === "bash")
      scripts.required = findRequiredScripts(walk.findings, walk.leadingWords, options.cwd);
    // What the hook's scripts are is derived from the analysis's findings.
    const findings = walk.findings;
    for (const file of listHashedFiles(findings))
      if (!scripts.files.includes(file)) scripts.files.push(file);
    for (const file of listObservedFiles(findings)) observed.add(file);
    for (const entry of listNotHashedWords(findings)) {
      const seen = scripts.notHashed.some(
        (other) =>
          other.word === entry.word && other.reason === entry.reason && other.file === entry.file,
      );
      if (!seen) scripts.notHashed.push(entry);
    }
  }
  // A file that is hashed is covered, whatever else reads it as data (`exec < a.sh; sh`).
  scripts.notHashed = scripts.notHashed.filter(
    (entry) =>
      entry.role !== "data" || entry.file === undefined || !scripts.files.includes(entry.file),
  );
  // A file one reading names as a script is a script, whatever another reading observed.
  const named = new Set<string>();
  for (const file of scripts.files) if (!observed.has(file)) named.add(file);
  if (named.size === scripts.files.length) return scripts;
  const looked = scripts.files.filter((file) => !named.has(file));
  return { ...scripts, files: [...named, ...looked], observed: looked };
}

// An argv command as the engine runs it: only the program's leading `~/` is expanded.
function readArgv(
  command: readonly string[],
  home: string,
): { argv: readonly string[]; label: string } {
  const [program, ...args] = command;
  const expanded = program?.startsWith("~/") === true ? path.join(home, program.slice(2)) : program;
  return { argv: expanded === undefined ? [] : [expanded, ...args], label: command.join(" ") };
}
