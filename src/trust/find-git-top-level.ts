import { readFileSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { readGitCoreConfig } from "./read-git-core-config.js";

/** What `git rev-parse --show-toplevel` prints in a directory, or why that is not certain. */
export type GitTopLevel = { known: true; root: string } | { known: false; reason: string };

// GIT_* variables that cannot change which repository or work tree git finds; any other one
// (GIT_DIR, GIT_WORK_TREE, GIT_COMMON_DIR, GIT_CEILING_DIRECTORIES, GIT_CONFIG_*, …) might.
const discoveryNeutralVariables: ReadonlySet<string> = new Set([
  "GIT_AUTHOR_NAME",
  "GIT_AUTHOR_EMAIL",
  "GIT_AUTHOR_DATE",
  "GIT_COMMITTER_NAME",
  "GIT_COMMITTER_EMAIL",
  "GIT_COMMITTER_DATE",
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "GIT_PAGER",
  "GIT_TERMINAL_PROMPT",
  "GIT_ASKPASS",
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_SSH_VARIANT",
  "GIT_INDEX_FILE",
  // Only leaves out /etc/gitconfig, which cannot move the work tree (it may allow another
  // user's repository by safe.directory, and those are not known here anyway).
  "GIT_CONFIG_NOSYSTEM",
]);

// Transport and identity settings (GIT_SSL_CAINFO, GIT_HTTP_PROXY, GIT_SSH_COMMAND, …).
const discoveryNeutralPrefixes = /^GIT_(?:SSL|HTTP|CURL|SSH|AUTHOR|COMMITTER|LFS|MERGE)_/;

/**
 * The work tree `git rev-parse --show-toplevel` prints when run in `directory` with
 * `environment`, found as git 2.39 finds it: from the real path of the directory upwards, on
 * one file system, the first `.git` that is a repository (a directory with `HEAD`, `objects`
 * and `refs`, or a `gitdir:` file naming one), then that repository's config (its common
 * directory's for a linked worktree, and `config.worktree` with `extensions.worktreeConfig`):
 * `core.worktree`, relative to the git directory, or else the directory holding `.git`. Not
 * known, with the reason, when a GIT_* variable that may move it is set, a config file is not in
 * the plain form read here (an include, a quoted value), the repository is bare, a `.git` is
 * neither clearly a repository nor clearly not, or a path is not owned by the current user
 * (git refuses it unless `safe.directory` says otherwise).
 *
 * @example
 * findGitTopLevel("/repo/src", process.env); // → { known: true, root: "/repo" }
 */
export function findGitTopLevel(
  directory: string,
  environment: Readonly<Record<string, string | undefined>>,
): GitTopLevel {
  const unknown = (reason: string) => ({ known: false, reason }) as const;
  for (const [name, value] of Object.entries(environment)) {
    if (
      value !== undefined &&
      name.startsWith("GIT_") &&
      !discoveryNeutralVariables.has(name) &&
      !discoveryNeutralPrefixes.test(name)
    )
      return unknown(`${name} is set, and it may change which repository git finds`);
  }
  const real = realPath(directory);
  if (real === null) return unknown(`the directory ${directory} does not exist`);
  const device = statSync(real).dev;
  let current = real;
  for (;;) {
    const found = inspectGitEntry(path.join(current, ".git"));
    if (found.kind === "uncertain") return unknown(found.reason);
    if (found.kind === "repository")
      return readWorkTree(current, found.gitDirectory, found.gitFile, environment);
    if (looksLikeGitDirectory(current))
      return unknown(`${current} looks like a git directory (a bare repository or inside .git)`);
    const parent = path.dirname(current);
    if (parent === current) return unknown("there is no git repository at or above the directory");
    if (statSync(parent).dev !== device)
      return unknown("git stops at a file system boundary before finding a repository");
    current = parent;
  }
}

type GitEntry =
  | { kind: "none" }
  | { kind: "uncertain"; reason: string }
  | { kind: "repository"; gitDirectory: string; gitFile: string | null };

function inspectGitEntry(entry: string): GitEntry {
  const type = kindOf(entry);
  if (type === "missing") return { kind: "none" };
  if (type === "directory") {
    const validity = checkGitDirectory(entry);
    if (validity === "valid") return { kind: "repository", gitDirectory: entry, gitFile: null };
    // git skips a .git directory that is not a repository (an empty one) and goes on up.
    if (validity === "empty") return { kind: "none" };
    return { kind: "uncertain", reason: `${entry} is not clearly a repository` };
  }
  if (type !== "file") return { kind: "uncertain", reason: `${entry} is not a file or directory` };
  const text = readText(entry);
  const match = text === null ? null : /^gitdir: ([^\r\n]+)\r?\n?$/.exec(text);
  if (match === null)
    return { kind: "uncertain", reason: `${entry} is not a plain "gitdir: <path>" file` };
  const gitDirectory = path.resolve(path.dirname(entry), match[1] ?? "");
  if (checkGitDirectory(gitDirectory) !== "valid")
    return {
      kind: "uncertain",
      reason: `${entry} names ${gitDirectory}, which is not a repository`,
    };
  return { kind: "repository", gitDirectory, gitFile: entry };
}

// Whether a directory is a git directory as git checks it: HEAD naming a ref or an object, and
// objects and refs directories (in the common directory of a linked worktree).
function checkGitDirectory(directory: string): "valid" | "empty" | "uncertain" {
  const names = ["HEAD", "objects", "refs", "commondir"];
  if (names.every((name) => kindOf(path.join(directory, name)) === "missing")) return "empty";
  const common = readCommonDirectory(directory);
  if (common === null) return "uncertain";
  const head = readText(path.join(directory, "HEAD"));
  const validHead =
    head !== null && /^(?:ref: refs\/\S+|[0-9a-f]{40}|[0-9a-f]{64})\r?\n?$/.test(head);
  const validStores = ["objects", "refs"].every(
    (name) => kindOf(path.join(common, name)) === "directory",
  );
  return validHead && validStores ? "valid" : "uncertain";
}

function readCommonDirectory(gitDirectory: string): string | null {
  const file = path.join(gitDirectory, "commondir");
  if (kindOf(file) === "missing") return gitDirectory;
  const text = readText(file);
  const match = text === null ? null : /^([^\r\n]+)\r?\n?$/.exec(text);
  return match === null ? null : path.resolve(gitDirectory, match[1] ?? "");
}

function looksLikeGitDirectory(directory: string): boolean {
  return (
    kindOf(path.join(directory, "HEAD")) !== "missing" &&
    ["objects", "refs"].some((name) => kindOf(path.join(directory, name)) !== "missing")
  );
}

function readWorkTree(
  holder: string,
  gitDirectory: string,
  gitFile: string | null,
  environment: Readonly<Record<string, string | undefined>>,
): GitTopLevel {
  const unknown = (reason: string) => ({ known: false, reason }) as const;
  const common = readCommonDirectory(gitDirectory);
  if (common === null) return unknown(`${gitDirectory}/commondir is not read here`);
  const configFiles = [path.join(common, "config")];
  let bare: boolean | null = null;
  let worktree: string | null = null;
  let worktreeConfig = false;
  for (let index = 0; index < configFiles.length; index += 1) {
    const file = configFiles[index] as string;
    const type = kindOf(file);
    if (type === "missing") continue;
    const text = type === "file" ? readText(file) : null;
    if (text === null) return unknown(`${file} cannot be read`);
    const reading = readGitCoreConfig(text);
    if (!reading.certain) return unknown(`${file}: ${reading.reason}`);
    bare = reading.config.bare ?? bare;
    worktree = reading.config.worktree ?? worktree;
    if (index === 0) {
      const flag = reading.config.extensions.get("worktreeconfig");
      worktreeConfig =
        flag === true || (typeof flag === "string" && /^(?:true|yes|on|1)$/i.test(flag));
      if (worktreeConfig) configFiles.push(path.join(gitDirectory, "config.worktree"));
    }
  }
  if (bare === true) return unknown("the repository is bare (core.bare), so git has no top level");
  let root = holder;
  if (worktree !== null) {
    if (common !== gitDirectory)
      return unknown("core.worktree is set for a linked worktree, which is not followed here");
    const resolved = realPath(path.resolve(gitDirectory, worktree));
    if (resolved === null) return unknown(`core.worktree names ${worktree}, which does not exist`);
    root = resolved;
  }
  const owner = checkOwnership([gitFile, gitDirectory, root], environment);
  return owner === null ? { known: true, root } : unknown(owner);
}

// git refuses a repository whose paths another user owns, unless safe.directory allows it.
function checkOwnership(
  paths: readonly (string | null)[],
  environment: Readonly<Record<string, string | undefined>>,
): string | null {
  if (typeof process.getuid !== "function") return null;
  const user = process.getuid();
  if (user === 0 && environment.SUDO_UID !== undefined)
    return "SUDO_UID is set, so git checks ownership against another user";
  for (const each of paths) {
    if (each === null) continue;
    if (statSync(each).uid !== user)
      return `${each} is owned by another user (git refuses it unless safe.directory allows it)`;
  }
  return null;
}

function kindOf(file: string): "file" | "directory" | "other" | "missing" {
  try {
    const stats = statSync(file);
    return stats.isFile() ? "file" : stats.isDirectory() ? "directory" : "other";
  } catch {
    return "missing";
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

function realPath(file: string): string | null {
  try {
    return realpathSync(file);
  } catch {
    return null;
  }
}

/** Whether setting the GIT_* variable `name` may change which repository or work tree git finds. */
export function mayMoveGitTopLevel(name: string): boolean {
  return (
    name.startsWith("GIT_") &&
    !discoveryNeutralVariables.has(name) &&
    !discoveryNeutralPrefixes.test(name)
  );
}

/**
 * The files git reads to find its repository when run in `directory`, as
 * {@link findGitTopLevel} finds it: a `.git` file, the git directory's `HEAD`, `config`,
 * `commondir` and `config.worktree`, the common directory's `config`, and `~/.gitconfig` and
 * `~/.config/git/config`; only those that exist. Stops at the first `.git` found (or one that is
 * not clearly a repository, whose likely files are listed).
 *
 * @example
 * findGitRepositoryFiles("/repo/src", "/home/me"); // → ["/repo/.git/HEAD", "/repo/.git/config"]
 */
export function findGitRepositoryFiles(directory: string, home: string): string[] {
  const found: string[] = [];
  const add = (file: string) => {
    if (kindOf(file) === "file" && !found.includes(file)) found.push(file);
  };
  const addGitDirectory = (gitDirectory: string) => {
    for (const name of ["HEAD", "config", "commondir", "config.worktree"])
      add(path.join(gitDirectory, name));
    const common = readCommonDirectory(gitDirectory);
    if (common !== null) add(path.join(common, "config"));
  };
  let current = realPath(directory);
  while (current !== null) {
    const entry = path.join(current, ".git");
    const type = kindOf(entry);
    if (type === "directory") {
      addGitDirectory(entry);
      if (checkGitDirectory(entry) !== "empty") break;
    } else if (type === "file") {
      add(entry);
      const text = readText(entry);
      const match = text === null ? null : /^gitdir: ([^\r\n]+)\r?\n?$/.exec(text);
      if (match !== null) addGitDirectory(path.resolve(current, match[1] ?? ""));
      break;
    } else if (type === "other") break;
    const parent = path.dirname(current);
    current = parent === current ? null : parent;
  }
  add(path.join(home, ".gitconfig"));
  add(path.join(home, ".config", "git", "config"));
  return found;
}
