import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import type { HookDefinition } from "../config/hook-definition.js";
import { findGitTopLevel, type GitTopLevel } from "./find-git-top-level.js";
import { diskFileLookup } from "./lookup-interpreter-entry.js";
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
  /** The engine's own environment, which its handlers inherit (default `process.env`). */
  environment?: Readonly<Record<string, string | undefined>>;
}

/**
 * The script files a hook runs and the script words that cannot be known before it runs (see
 * {@link resolveHookScripts}), with the variables the engine itself gives its handlers: the
 * hook's own `env` (a plugin's `PLUGIN_ROOT`), the profile's project-directory variables (the
 * session cwd), `HOME`, and `$(git rev-parse --show-toplevel)` as git finds it from the hook's
 * cwd (see {@link findGitTopLevel}), with the engine's environment under the hook's `env`; not
 * known, with the reason, when it is not certain or the hook's `env` sets `PATH`. Only looks for
 * the git root when the command names it. Interpreters' scripts are looked up on disk as each
 * interpreter does (every path looked at is in `files`).
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
const resolverVersion = 3;

/** A hook's script resolution, not yet run: the key of everything it depends on, and the run. */
export interface PreparedHookScripts {
  /**
   * A sha256 of the command, its directory, home, variables, git root (or why it is not known),
   * shell and resolver version. The git root is found again each time it is prepared.
   */
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
  const namesGitRoot = typeof command === "string" && command.includes("rev-parse");
  const gitTopLevel = namesGitRoot ? findHookGitTopLevel(definition, cwd, options) : null;
  const resolution = {
    cwd,
    home,
    env,
    gitRoot: gitTopLevel?.known === true ? gitTopLevel.root : null,
    ...(gitTopLevel?.known === false && { gitRootUnknown: gitTopLevel.reason }),
    shell: options.shell ?? "sh",
    lookup: diskFileLookup,
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
        gitTopLevel,
        resolution.shell,
      ]),
    )
    .digest("hex");
  return { key, resolve: () => resolveHookScripts(command, resolution) };
}

// The git a hook runs sees the engine's environment under the hook's own `env`.
function findHookGitTopLevel(
  definition: HookDefinition,
  cwd: string,
  options: HookScriptOptions,
): GitTopLevel {
  if (Object.hasOwn(definition.env, "PATH"))
    return { known: false, reason: "the hook's env sets PATH, so `git` may be another program" };
  const environment = { ...(options.environment ?? process.env), ...definition.env };
  return findGitTopLevel(cwd, environment);
}
