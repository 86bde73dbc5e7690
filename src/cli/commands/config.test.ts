import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { Command } from "commander";
import { afterEach, describe, expect, it, vi } from "vitest";
import { copyFixture } from "../../../test/support/copy-fixture.js";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { registerConfigCommand } from "./config.js";

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs `agent-hooks config …` in this process and returns what it printed, without colours. */
async function runConfig(...args: string[]): Promise<string> {
  let stdout = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  const program = new Command("agent-hooks").exitOverride();
  registerConfigCommand(program);
  await program.parseAsync(["config", ...args], { from: "user" });
  return stripVTControlCharacters(stdout);
}

/** A copy of test/fixtures/claude/plugins-basic with absolute install paths in its registry. */
function copyPlugins() {
  const root = copyFixture("claude/plugins-basic", createTestWorkspace("claude-plugins").root);
  const home = join(root, "home");
  const registry = join(home, ".claude", "plugins", "installed_plugins.json");
  writeFileSync(registry, readFileSync(registry, "utf8").replaceAll("<fixture>", root));
  return { root, home, cwd: join(root, "project"), registry };
}

describe("agent-hooks config path --profile claude", () => {
  it("lists the managed settings file first, with whether it exists", async () => {
    const tree = copyPlugins();
    const managed = join(tree.root, "managed", "managed-settings.json");
    const absent = join(tree.root, "managed", "absent.json");
    const flags = ["--profile", "claude", "--home", tree.home, "--cwd", tree.cwd, "--json"];
    const present = JSON.parse(await runConfig("path", ...flags, "--managed-settings", managed));
    expect(present[0]).toEqual({ file: managed, layer: "managed", exists: true });
    expect(present.slice(1, 4).map((entry: { layer: string }) => entry.layer)).toEqual([
      "user",
      "project",
      "local",
    ]);
    const missing = JSON.parse(await runConfig("path", ...flags, "--managed-settings", absent));
    expect(missing[0]).toEqual({ file: absent, layer: "managed", exists: false });
    const without = JSON.parse(await runConfig("path", ...flags));
    expect(without[0]).toMatchObject({ layer: "user" });
  });

  it("lists the plugin registry and the enabled plugins' manifest and hooks files", async () => {
    const tree = copyPlugins();
    const text = await runConfig(
      "path",
      "--profile",
      "claude",
      "--home",
      tree.home,
      "--cwd",
      tree.cwd,
    );
    const guard = join(tree.home, ".claude", "plugins", "cache", "acme-tools", "guard", "1.0.0");
    expect(text).toContain(`${tree.registry}  (plugins)  exists`);
    expect(text).toContain(
      `${join(guard, "hooks", "hooks.json")}  (plugin:guard@acme-tools)  exists`,
    );
    // quiet@acme-tools is turned off by the project settings: its files are not listed.
    expect(text).not.toContain("quiet");
    const lines = text.trim().split("\n");
    expect(lines.map((line) => /\((.+?)\)/.exec(line)?.[1])).toEqual([
      "user",
      "project",
      "local",
      "plugins",
      "plugin:guard@acme-tools",
      "plugin:guard@acme-tools",
      "plugin:formatter@acme-tools",
      "plugin:formatter@acme-tools",
      "plugin:formatter@acme-tools",
    ]);
  });

  it("still lists other profiles' locations", async () => {
    const tree = copyPlugins();
    const listed = JSON.parse(
      await runConfig("path", "--profile", "deepagents", "--home", tree.home, "--json"),
    );
    expect(listed).toEqual([
      { file: join(tree.home, ".deepagents", "hooks.json"), layer: "user", exists: false },
    ]);
  });
});
