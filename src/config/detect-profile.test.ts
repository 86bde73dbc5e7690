import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { detectProfile } from "./detect-profile.js";

// Creates `files` (paths under `home/` or `project/`) in a new temp tree; the project has a .git.
async function createTree(files: readonly string[]): Promise<{ cwd: string; home: string }> {
  const workspace = createTestWorkspace("detect-profile");
  const { root, home, project: cwd } = workspace;
  workspace.createDirectory("project", ".git");
  for (const file of files) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), "{}");
  }
  return { cwd, home };
}

describe("detectProfile", () => {
  it.each([
    [["home/.deepagents/hooks.json"], "deepagents", "found ~/.deepagents/hooks.json"],
    [["home/.zerotwo/hooks.json"], "zerocode", "found ~/.zerotwo/hooks.json"],
    [["home/.zerotwo/config.toml"], "zerocode", "found ~/.zerotwo/config.toml"],
    [["home/.claude/settings.json"], "claude", "found ~/.claude/settings.json"],
    [["home/.copilot/hooks/a.json"], "vscode", "found ~/.copilot/hooks/a.json"],
    [["project/.zerotwo/hooks.json"], "zerocode", "found .zerotwo/hooks.json"],
    [["project/.zerotwo/config.toml"], "zerocode", "found .zerotwo/config.toml"],
    [["project/.github/hooks/guard.json"], "vscode", "found .github/hooks/guard.json"],
    [["project/.claude/settings.json"], "claude", "found .claude/settings.json"],
    [["project/.claude/settings.local.json"], "claude", "found .claude/settings.local.json"],
  ])("%j alone → %s", async (files, profile, reason) => {
    const detected = detectProfile(await createTree(files));
    expect(detected).toMatchObject({ profile, reason: reason.replaceAll("/", path.sep) });
  });

  it.each([
    [
      "a project marker beats a home marker",
      ["home/.deepagents/hooks.json", "project/.claude/settings.json"],
      "claude",
      "found .claude/settings.json; also found ~/.deepagents/hooks.json (deepagents)",
    ],
    [
      ".zerotwo beats .github/hooks and .claude in the project",
      [
        "project/.claude/settings.json",
        "project/.github/hooks/a.json",
        "project/.zerotwo/hooks.json",
      ],
      "zerocode",
      "found .zerotwo/hooks.json; also found .github/hooks/a.json (vscode), .claude/settings.json (claude)",
    ],
    [
      ".github/hooks (VS Code only) beats .claude/settings.json (read by both)",
      ["project/.claude/settings.json", "project/.github/hooks/a.json"],
      "vscode",
      "found .github/hooks/a.json; also found .claude/settings.json (claude)",
    ],
    [
      "at home, profiles keep table order: deepagents before zerocode and claude",
      ["home/.claude/settings.json", "home/.zerotwo/hooks.json", "home/.deepagents/hooks.json"],
      "deepagents",
      "found ~/.deepagents/hooks.json; also found ~/.zerotwo/hooks.json (zerocode), ~/.claude/settings.json (claude)",
    ],
  ])("%s", async (_name, files, profile, reason) => {
    const detected = detectProfile(await createTree(files));
    expect(detected).toMatchObject({ profile, reason: reason.replaceAll("/", path.sep) });
  });

  it("finds the ZeroCode project layer at the git root above the cwd", async () => {
    const tree = await createTree(["project/.zerotwo/hooks.json"]);
    const cwd = path.join(tree.cwd, "src");
    await mkdir(cwd);
    expect(detectProfile({ cwd, home: tree.home })).toMatchObject({
      profile: "zerocode",
      reason: `found ${path.join("..", ".zerotwo", "hooks.json")}`,
    });
  });

  it("returns null when no marker exists", async () => {
    const tree = await createTree([]);
    expect(detectProfile(tree)).toBeNull();
  });

  it("ignores directories without configuration files", async () => {
    const tree = await createTree([]);
    await mkdir(path.join(tree.cwd, ".claude"));
    await mkdir(path.join(tree.cwd, ".github", "hooks"), { recursive: true });
    await mkdir(path.join(tree.home, ".zerotwo"));
    await mkdir(path.join(tree.home, ".deepagents", "hooks.json"), { recursive: true });
    expect(detectProfile(tree)).toBeNull();
  });

  it("lists every marker found, in rule order", async () => {
    const tree = await createTree(["home/.claude/settings.json", "project/.claude/settings.json"]);
    expect(detectProfile(tree)?.markers).toEqual([
      {
        profile: "claude",
        file: path.join(tree.cwd, ".claude", "settings.json"),
        level: "project",
      },
      {
        profile: "vscode",
        file: path.join(tree.cwd, ".claude", "settings.json"),
        level: "project",
      },
      { profile: "claude", file: path.join(tree.home, ".claude", "settings.json"), level: "home" },
      { profile: "vscode", file: path.join(tree.home, ".claude", "settings.json"), level: "home" },
    ]);
  });
});
