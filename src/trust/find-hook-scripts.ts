import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { findGitRoot } from "../config/find-git-root.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { type HookScripts, resolveHookScripts } from "./resolve-hook-script.js";

/** Where a hook's scripts are looked up; `cwd` and `home` default to the process's own. */
export interface HookScriptOptions {
  /** The session cwd: relative scripts resolve against it (or the hook's `cwd` relative to it). */
  cwd?: string;
  /** The home `~` and `$HOME` expand to. */
  home?: string;
  /** Variables the engine sets to the session cwd (the profile's `projectDirectoryVariables`). */
  projectDirectoryVariables?: readonly string[];
  /** The shell string commands run with (the profile's `shell`); `sh` is read as bash and as POSIX sh. */
  shell?: "sh" | "bash";
}

// Variables that make git find another repository than the one above the cwd.
const gitLocationVariables = ["GIT_DIR", "GIT_WORK_TREE"];

/**
 * The script files a hook runs and the script words that cannot be known before it runs (see
 * {@link resolveHookScripts}), with the variables the engine itself gives its handlers: the
 * hook's own `env` (a plugin's `PLUGIN_ROOT`), the profile's project-directory variables (the
 * session cwd), `HOME`, and `$(git rev-parse --show-toplevel)` as the nearest directory at or
 * above the hook's cwd holding `.git` (not known when the hook sets `GIT_DIR` or
 * `GIT_WORK_TREE`, or there is none). Only looks for `.git` when the command names the git root.
 *
 * @example
 * findHookScripts(definition, { cwd: "/repo", home: "/home/me" });
 * // → { files: ["/repo/.zerotwo/hooks/a.sh", "/repo/.zerotwo/hooks/b.sh"], notHashed: [] }
 */
export function findHookScripts(
  definition: HookDefinition,
  options: HookScriptOptions = {},
): HookScripts {
  return prepareHookScripts(definition, options).resolve();
}

// Bumped whenever resolution changes, so a remembered result is never reused across versions.
const resolverVersion = 2;

/** A hook's script resolution, not yet run: the key of everything it depends on, and the run. */
export interface PreparedHookScripts {
  /** A sha256 of the command, its directory, home, variables, git root, shell and resolver version. */
  key: string;
  resolve(): HookScripts;
}

/**
 * What {@link findHookScripts} would compute, as a key and a deferred run: equal keys give equal
 * results, so a result remembered under a key (in the trust store) can stand in for parsing the
 * command again.
 */
export function prepareHookScripts(
  definition: HookDefinition,
  options: HookScriptOptions = {},
): PreparedHookScripts {
  const home = path.resolve(options.home ?? os.homedir());
  const sessionCwd = path.resolve(options.cwd ?? process.cwd());
  // As the engine runs it: a hook's `cwd` is relative to the session cwd.
  const cwd = path.resolve(sessionCwd, definition.cwd ?? ".");
  // The hook's own variables win, as in the engine; own properties only (`__proto__` is a name).
  const env = Object.fromEntries([
    ...(options.projectDirectoryVariables ?? []).map((name) => [name, sessionCwd] as const),
    ...Object.entries(definition.env),
  ]);
  const command = definition.command;
  // An http, prompt, agent or mcp_tool handler runs no local file: its `command` describes a call.
  if (definition.action !== undefined) {
    const key = createHash("sha256")
      .update(JSON.stringify([resolverVersion, "call"]))
      .digest("hex");
    return { key, resolve: () => ({ files: [], notHashed: [], required: [] }) };
  }
  const namesGitRoot =
    typeof command === "string" &&
    command.includes("rev-parse") &&
    !gitLocationVariables.some((name) => Object.hasOwn(definition.env, name));
  const resolution = {
    cwd,
    home,
    env,
    gitRoot: namesGitRoot ? findGitRoot(cwd) : null,
    shell: options.shell ?? "sh",
  } as const;
  const sortedEnv = Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const key = createHash("sha256")
    .update(
      JSON.stringify([
        resolverVersion,
        command,
        cwd,
        home,
        sortedEnv,
        resolution.gitRoot,
        resolution.shell,
      ]),
    )
    .digest("hex");
  return { key, resolve: () => resolveHookScripts(command, resolution) };
}
