import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { runCli } from "../../test/support/run-cli.js";
import { chooseProfile, UsageError } from "./shared-options.js";

// A home and a cwd (not in a git repository); `claude: true` writes an empty .claude/settings.json.
async function createTree(options: { claude: boolean }): Promise<{ home: string; cwd: string }> {
  const directory = createTestWorkspace("choose-profile").root;
  const home = path.join(directory, "home");
  const cwd = path.join(directory, "work");
  await mkdir(home);
  await mkdir(path.join(cwd, ".claude"), { recursive: true });
  if (options.claude) await writeFile(path.join(cwd, ".claude", "settings.json"), "{}");
  return { home, cwd };
}

function choose(flags: Parameters<typeof chooseProfile>[0]) {
  const stderr: string[] = [];
  const profile = chooseProfile(flags, (text) => stderr.push(text));
  return { profile: profile.name, stderr: stderr.join("") };
}

describe("chooseProfile", () => {
  it("takes --profile as given, without detecting or printing", async () => {
    const tree = await createTree({ claude: true });
    expect(choose({ ...tree, profile: "vscode" })).toEqual({ profile: "vscode", stderr: "" });
  });

  it("refuses an unknown --profile", () => {
    expect(() => choose({ profile: "nope" })).toThrow(UsageError);
  });

  it("detects the profile and says which and why", async () => {
    const tree = await createTree({ claude: true });
    expect(choose(tree)).toEqual({
      profile: "claude",
      stderr: `agent-hooks: profile claude (found ${path.join(".claude", "settings.json")}; --profile overrides)\n`,
    });
  });

  it("falls back to deepagents when nothing is found", async () => {
    const tree = await createTree({ claude: false });
    expect(choose(tree)).toEqual({
      profile: "deepagents",
      stderr:
        "agent-hooks: profile deepagents (the default: no hook configuration found under the cwd or home; --profile overrides)\n",
    });
  });

  it("falls back to deepagents with --config, whatever is found", async () => {
    const tree = await createTree({ claude: true });
    expect(choose({ ...tree, config: ["hooks.json"] })).toEqual({
      profile: "deepagents",
      stderr:
        "agent-hooks: profile deepagents (the default: --config replaces discovery; --profile overrides)\n",
    });
  });
});

describe("every command chooses its profile the same way", () => {
  const line = `agent-hooks: profile claude (found ${path.join(".claude", "settings.json")}; --profile overrides)`;
  it.each([
    [["dispatch", "Stop"], "{}"],
    [["explain", "Stop"], undefined],
    [["replay", "-"], ""],
    [["validate"], undefined],
    [["config", "path"], undefined],
    [["hooks", "list"], undefined],
  ] as const)("%j detects, or obeys --profile", async (command, input) => {
    const tree = await createTree({ claude: true });
    const flags = ["--home", tree.home, "--cwd", tree.cwd];
    const options = input === undefined ? {} : { input };
    const detected = await runCli([...command, ...flags], options);
    expect(detected.stderr.split("\n")[0]).toBe(line);
    expect(detected.code).toBe(0);
    const given = await runCli([...command, ...flags, "--profile", "claude"], options);
    expect(given.stderr).not.toContain("agent-hooks: profile");
    expect(given.code).toBe(0);
  });
});

describe("every command run from a subfolder of a project says where its configuration is", () => {
  it.each([
    [["dispatch", "Stop"], "{}"],
    [["explain", "Stop"], undefined],
    [["validate"], undefined],
    [["hooks", "list"], undefined],
  ] as const)("%j names the settings above and --cwd", async (command, input) => {
    const tree = await createTree({ claude: true });
    const below = path.join(tree.cwd, "src", "lib");
    await mkdir(below, { recursive: true });
    const options = { cwd: below, ...(input === undefined ? {} : { input }) };
    const settings = path.join(tree.cwd, ".claude", "settings.json");
    const hint = `agent-hooks: ${settings} (claude) is above the working directory ${below}, which has no project hook configuration: run from ${tree.cwd} or pass --cwd ${tree.cwd}`;
    const detected = await runCli([...command, "--home", tree.home], options);
    expect(detected.stderr.split("\n").slice(0, 2)).toEqual([
      "agent-hooks: profile deepagents (the default: no hook configuration found under the cwd or home; --profile overrides)",
      hint,
    ]);
    const given = await runCli([...command, "--home", tree.home, "--profile", "claude"], options);
    expect(given.stderr.split("\n")[0]).toBe(hint);
    const pointed = await runCli([...command, "--home", tree.home, "--cwd", tree.cwd], options);
    expect(pointed.stderr).not.toContain("above the working directory");
  });

  it("says nothing more where the working directory has the configuration", async () => {
    const tree = await createTree({ claude: true });
    expect(choose(tree).stderr.split("\n").filter(Boolean)).toHaveLength(1);
  });
});
