import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSuiteWorkspace } from "../../test/support/create-test-workspace.js";
import { findGitRoot } from "./find-git-root.js";

const root = createSuiteWorkspace("git-root").root;

describe("findGitRoot", () => {
  mkdirSync(join(root, "repo", ".git"), { recursive: true });
  mkdirSync(join(root, "repo", "src", "deep"), { recursive: true });
  mkdirSync(join(root, "repo", "worktree", "lib"), { recursive: true });
  writeFileSync(join(root, "repo", "worktree", ".git"), "gitdir: ../.git/worktrees/w\n");
  mkdirSync(join(root, "plain", "dir"), { recursive: true });

  it.each([
    ["repo", "repo"],
    ["repo/src/deep", "repo"],
    ["repo/worktree/lib", "repo/worktree"],
  ])("finds the nearest .git (directory or file) above %s", (start, expected) => {
    expect(findGitRoot(join(root, start))).toBe(join(root, expected));
  });

  it("returns null outside any repository", () => {
    expect(findGitRoot(join(root, "plain", "dir"))).toBeNull();
  });
});
