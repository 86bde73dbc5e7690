import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { findGitTopLevel } from "./find-git-top-level.js";
import { findHookScripts } from "./find-hook-scripts.js";
import { readGitCoreConfig } from "./read-git-core-config.js";

// Every case builds a real tree, asks the real git what `--show-toplevel` prints there, and
// checks that the engine agrees or says it does not know (never a different directory).

const workspace = createSuiteWorkspace("git-top-level").root;
const home = join(workspace, "home");
mkdirSync(home, { recursive: true });
// git reads no config of the machine's user: only the repository's own.
const gitEnvironment = { PATH: process.env.PATH ?? "", HOME: home, GIT_CONFIG_NOSYSTEM: "1" };

let counter = 0;
function freshRoot(): string {
  counter += 1;
  const root = join(workspace, `case-${counter}`);
  mkdirSync(root, { recursive: true });
  return root;
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, env: gitEnvironment, encoding: "utf8" }).trim();
}

function realTopLevel(cwd: string, extra: Record<string, string> = {}): string | null {
  const result = spawnSync("git", ["rev-parse", "--show-toplevel"], {
    cwd,
    env: { ...gitEnvironment, ...extra },
    encoding: "utf8",
  });
  return result.status === 0 ? result.stdout.trim() : null;
}

function initRepository(directory: string, ...options: string[]): void {
  mkdirSync(directory, { recursive: true });
  git(directory, "init", "-q", ...options);
}

function appendConfig(gitDirectory: string, text: string): void {
  writeFileSync(join(gitDirectory, "config"), text, { flag: "a" });
}

interface GitCase {
  name: string;
  /** Builds the tree; returns the hook's cwd and extra environment. */
  build(root: string): { cwd: string; env?: Record<string, string> };
  /** `same`: the engine prints what git prints; `unknown`: the engine says it does not know. */
  engine: "same" | "unknown";
}

const cases: GitCase[] = [
  {
    name: "a plain repository, from a subdirectory",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "repo", "a", "b"), { recursive: true });
      return { cwd: join(root, "repo", "a", "b") };
    },
    engine: "same",
  },
  {
    name: "core.worktree (absolute) in .git/config",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "elsewhere"));
      appendConfig(join(root, "repo", ".git"), `[core]\n\tworktree = ${join(root, "elsewhere")}\n`);
      return { cwd: join(root, "repo") };
    },
    engine: "same",
  },
  {
    name: "core.worktree (relative to the git directory)",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "elsewhere"));
      appendConfig(join(root, "repo", ".git"), "[core]\n\tworktree = ../../elsewhere\n");
      return { cwd: join(root, "repo") };
    },
    engine: "same",
  },
  {
    name: "core.worktree spelled in another case",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "elsewhere"));
      appendConfig(
        join(root, "repo", ".git"),
        `[CORE]\n  WorkTree=${join(root, "elsewhere")} # x\n`,
      );
      return { cwd: join(root, "repo") };
    },
    engine: "same",
  },
  {
    name: "core.worktree naming a missing directory (git fails)",
    build: (root) => {
      initRepository(join(root, "repo"));
      appendConfig(join(root, "repo", ".git"), "[core]\n\tworktree = /nonexistent/place\n");
      return { cwd: join(root, "repo") };
    },
    engine: "unknown",
  },
  {
    name: "core.bare = true (git fails)",
    build: (root) => {
      initRepository(join(root, "repo"));
      appendConfig(join(root, "repo", ".git"), "[core]\n\tbare = true\n");
      return { cwd: join(root, "repo") };
    },
    engine: "unknown",
  },
  {
    name: "an include (git 2.39 ignores it for core.worktree; not followed here)",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "elsewhere"));
      writeFileSync(join(root, "inc"), `[core]\n\tworktree = ${join(root, "elsewhere")}\n`);
      appendConfig(join(root, "repo", ".git"), `[include]\n\tpath = ${join(root, "inc")}\n`);
      return { cwd: join(root, "repo") };
    },
    engine: "unknown",
  },
  {
    name: "a value continued on the next line hides a fake [core] line",
    build: (root) => {
      initRepository(join(root, "repo"));
      appendConfig(
        join(root, "repo", ".git"),
        `[user]\n\tname = a \\\n[core] worktree = ${root}\n`,
      );
      return { cwd: join(root, "repo") };
    },
    engine: "unknown",
  },
  {
    name: "extensions.worktreeConfig with core.worktree in config.worktree",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "elsewhere"));
      git(join(root, "repo"), "config", "core.repositoryformatversion", "1");
      git(join(root, "repo"), "config", "extensions.worktreeConfig", "true");
      writeFileSync(
        join(root, "repo", ".git", "config.worktree"),
        `[core]\n\tworktree = ${join(root, "elsewhere")}\n`,
      );
      return { cwd: join(root, "repo") };
    },
    engine: "same",
  },
  {
    name: "a linked worktree (.git file)",
    build: (root) => {
      initRepository(join(root, "repo"));
      git(
        join(root, "repo"),
        "-c",
        "user.name=a",
        "-c",
        "user.email=a@b",
        "commit",
        "-q",
        "--allow-empty",
        "-m",
        "x",
      );
      git(join(root, "repo"), "worktree", "add", "-q", join(root, "linked"));
      mkdirSync(join(root, "linked", "sub"));
      return { cwd: join(root, "linked", "sub") };
    },
    engine: "same",
  },
  {
    name: "a submodule-style .git file to a directory with core.worktree",
    build: (root) => {
      initRepository(join(root, "modules", "sub"), "--separate-git-dir", join(root, "store"));
      rmSync(join(root, "modules", "sub", ".git"));
      mkdirSync(join(root, "checkout", "deep"), { recursive: true });
      writeFileSync(join(root, "checkout", ".git"), "gitdir: ../store\n");
      appendConfig(join(root, "store"), "[core]\n\tworktree = ../checkout\n");
      return { cwd: join(root, "checkout", "deep") };
    },
    engine: "same",
  },
  {
    name: "a .git file naming no repository (git fails)",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "repo", "sub"));
      writeFileSync(join(root, "repo", "sub", ".git"), "gitdir: /nonexistent\n");
      return { cwd: join(root, "repo", "sub") };
    },
    engine: "unknown",
  },
  {
    name: "an empty .git directory is skipped, as git skips it",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "repo", "sub", ".git"), { recursive: true });
      return { cwd: join(root, "repo", "sub") };
    },
    engine: "same",
  },
  {
    name: "inside the .git directory (git fails)",
    build: (root) => {
      initRepository(join(root, "repo"));
      return { cwd: join(root, "repo", ".git", "refs") };
    },
    engine: "unknown",
  },
  {
    name: "a symlinked cwd: git walks up from the real path",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "repo", "sub"));
      mkdirSync(join(root, "outside"));
      symlinkSync(join(root, "repo", "sub"), join(root, "outside", "link"));
      return { cwd: join(root, "outside", "link") };
    },
    engine: "same",
  },
  {
    name: "GIT_DIR in the environment",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "elsewhere"));
      return { cwd: join(root, "elsewhere"), env: { GIT_DIR: join(root, "repo", ".git") } };
    },
    engine: "unknown",
  },
  {
    name: "GIT_WORK_TREE in the environment",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "elsewhere"));
      return { cwd: join(root, "repo"), env: { GIT_WORK_TREE: join(root, "elsewhere") } };
    },
    engine: "unknown",
  },
  {
    name: "GIT_CEILING_DIRECTORIES in the environment",
    build: (root) => {
      initRepository(join(root, "repo"));
      mkdirSync(join(root, "repo", "sub"));
      return {
        cwd: join(root, "repo", "sub"),
        env: { GIT_CEILING_DIRECTORIES: join(root, "repo") },
      };
    },
    engine: "unknown",
  },
  {
    name: "GIT_CONFIG_COUNT in the environment",
    build: (root) => {
      initRepository(join(root, "repo"));
      return {
        cwd: join(root, "repo"),
        env: { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "core.bare", GIT_CONFIG_VALUE_0: "true" },
      };
    },
    engine: "unknown",
  },
  {
    name: "no repository at all (git fails)",
    build: (root) => ({ cwd: root }),
    engine: "unknown",
  },
];

describe("findGitTopLevel against the real git", () => {
  it.each(cases)("$name", ({ build, engine }) => {
    const { cwd, env = {} } = build(freshRoot());
    const real = realTopLevel(cwd, env);
    const found = findGitTopLevel(cwd, { ...gitEnvironment, ...env });
    if (engine === "same") {
      expect(real).not.toBeNull();
      expect(found).toEqual({ known: true, root: real });
    } else {
      expect(found.known).toBe(false);
    }
  });
});

describe("readGitCoreConfig", () => {
  it.each([
    ["[core]\n\tbare = false\n", { bare: false, worktree: null }],
    ["[core]\n\tbare\n", { bare: true, worktree: null }],
    ["[core]\n\tworktree = ../w\n[core]\n\tworktree = ../x\n", { bare: null, worktree: "../x" }],
    ['[remote "origin"]\n\turl = x\n[core "x"]\n\tworktree = y\n', { bare: null, worktree: null }],
    ["# c\n; c\n\n[Core]\n\tBare=0 ; no\n", { bare: false, worktree: null }],
  ])("reads %j", (text, expected) => {
    const reading = readGitCoreConfig(text);
    expect(
      reading.certain && { bare: reading.config.bare, worktree: reading.config.worktree },
    ).toEqual(expected);
  });

  it.each([
    ["a key before any section", "bare = true\n"],
    ["an include", "[include]\n\tpath = x\n"],
    ["an includeIf", '[includeIf "gitdir:/x/"]\n\tpath = x\n'],
    ["a quoted value", '[core]\n\tworktree = "a b"\n'],
    ["a continued value", "[user]\n\tname = a \\\n"],
    ["a key after a header on one line", "[core] worktree = /x\n"],
    ["an unknown boolean", "[core]\n\tbare = maybe\n"],
    ["an unknown extension", "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tfuture = 1\n"],
    ["a future format version", "[core]\n\trepositoryformatversion = 2\n"],
  ])("is uncertain for %s", (_name, text) => {
    expect(readGitCoreConfig(text).certain).toBe(false);
  });
});

describe("the git root in hook commands", () => {
  const command = '"$(git rev-parse --show-toplevel)/.zerotwo/hooks/x.sh"';
  const definition = (env: Record<string, string> = {}): HookDefinition =>
    createHookDefinition({ command, env });

  it("follows core.worktree to the work tree git really uses", () => {
    const root = freshRoot();
    initRepository(join(root, "repo"));
    mkdirSync(join(root, "elsewhere"));
    appendConfig(join(root, "repo", ".git"), `[core]\n\tworktree = ${join(root, "elsewhere")}\n`);
    const found = findHookScripts(definition(), { cwd: join(root, "repo"), home, environment: {} });
    expect(found.files).toEqual([join(root, "elsewhere", ".zerotwo", "hooks", "x.sh")]);
    // git reads its repository's files to find it: data, listed (the top level is ours).
    const reason = expect.stringContaining("read by git to find the repository");
    expect(found.notHashed).toEqual(
      ["HEAD", "config"].map((name) => ({
        word: "git rev-parse --show-toplevel",
        reason,
        file: join(root, "repo", ".git", name),
        role: "data",
      })),
    );
  });

  it("lists the files git reads through a .git file and a linked worktree as data", () => {
    const root = freshRoot();
    initRepository(join(root, "main"));
    git(
      join(root, "main"),
      "-c",
      "user.name=t",
      "-c",
      "user.email=t@t",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "x",
    );
    git(join(root, "main"), "worktree", "add", "-q", join(root, "linked"));
    const found = findHookScripts(definition(), {
      cwd: join(root, "linked"),
      home,
      environment: {},
    });
    const files = found.notHashed.map((entry) => entry.file);
    expect(found.notHashed.every((entry) => entry.role === "data")).toBe(true);
    expect(files).toEqual(
      expect.arrayContaining([
        join(root, "linked", ".git"),
        join(root, "main", ".git", "worktrees", "linked", "HEAD"),
        join(root, "main", ".git", "worktrees", "linked", "commondir"),
        join(root, "main", ".git", "config"),
      ]),
    );
  });

  it("does not trust the git root after the command sets GIT_WORK_TREE", () => {
    const root = freshRoot();
    initRepository(join(root, "repo"));
    const command = `export GIT_WORK_TREE=${root}/wt; sh "$(git rev-parse --show-toplevel)/x.sh"`;
    const found = findHookScripts(createHookDefinition({ command }), {
      cwd: join(root, "repo"),
      home,
      environment: {},
    });
    expect(found.files).toEqual([]);
    expect(found.notHashed.map((entry) => entry.reason)).toContain(
      "the git root, after GIT_WORK_TREE is set: git may find another repository",
    );
  });

  it.each([
    ["the hook's env", { GIT_DIR: "/elsewhere/.git" }, {}],
    ["the engine's own environment", {}, { GIT_WORK_TREE: "/elsewhere" }],
  ])("is not hashed, with the reason, when GIT_* is set in %s", (_where, hookEnv, engineEnv) => {
    const root = freshRoot();
    initRepository(join(root, "repo"));
    const found = findHookScripts(definition(hookEnv), {
      cwd: join(root, "repo"),
      home,
      environment: engineEnv,
    });
    expect(found.files).toEqual([]);
    expect(found.notHashed.map((entry) => entry.reason).join("\n")).toMatch(/GIT_\w+ is set/);
  });

  it("is not hashed when the hook's env sets PATH (git may be another program)", () => {
    const root = freshRoot();
    initRepository(join(root, "repo"));
    const found = findHookScripts(definition({ PATH: `${root}/bin:/usr/bin` }), {
      cwd: join(root, "repo"),
      home,
      environment: {},
    });
    expect(found.files).toEqual([]);
    expect(found.notHashed.map((entry) => entry.reason).join("\n")).toMatch(/PATH/);
  });
});
