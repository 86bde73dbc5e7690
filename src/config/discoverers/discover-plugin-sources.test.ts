import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { copyFixture } from "../../../test/support/copy-fixture.js";
import {
  createSuiteWorkspace,
  createTestWorkspace,
} from "../../../test/support/create-test-workspace.js";
import { zerocodeProfile } from "../../profiles/zerocode.js";
import { type LoadedConfig, loadConfig } from "../load-config.js";
import { discoverPluginSources, listEnabledPlugins } from "./discover-plugin-sources.js";

describe("ZeroCode plugins", () => {
  const workspace = createSuiteWorkspace("zerocode-plugins");
  let root = "";
  let plugins = "";
  let userConfig = "";
  let loaded: LoadedConfig;
  const manifest = (name: string) => join(plugins, name, ".codex-plugin", "plugin.json");

  beforeAll(async () => {
    root = copyFixture("zerocode/plugins", workspace.root);
    plugins = join(root, "home", ".zerotwo", "plugins");
    userConfig = join(root, "home", ".zerotwo", "config.toml");
    symlinkSync(
      join(root, "home", ".zerotwo", "outside-hooks.json"),
      join(plugins, "symlink", "outside.json"),
    );
    symlinkSync(join("hooks", "inside-target.json"), join(plugins, "symlink", "inside.json"));
    mkdirSync(join(root, "work"));
    loaded = await loadConfig(zerocodeProfile, {
      home: join(root, "home"),
      cwd: join(root, "work"),
      systemDir: join(root, "system"),
    });
  });

  it("loads every enabled plugin's hooks in config order, from the right files", () => {
    expect(
      loaded.definitions.map((d) => [d.layer, d.command, d.file.slice(plugins.length + 1), d.path]),
    ).toEqual([
      [
        "plugin:default-file",
        "./default.sh",
        "default-file/hooks/hooks.json",
        "hooks.PreToolUse[0].hooks[0]",
      ],
      [
        "plugin:manifest-path",
        "./manifest-path.sh",
        "manifest-path/config/lifecycle.json",
        "hooks.SessionStart[0].hooks[0]",
      ],
      [
        "plugin:manifest-array",
        "./array-first.sh",
        "manifest-array/hooks/first.json",
        "hooks.Stop[0].hooks[0]",
      ],
      [
        "plugin:manifest-array",
        "./array-second.sh",
        "manifest-array/hooks/second.json",
        "hooks.Stop[0].hooks[0]",
      ],
      [
        "plugin:inline-object",
        "./inline-object.sh",
        "inline-object/.codex-plugin/plugin.json",
        "hooks.hooks.PreToolUse[0].hooks[0]",
      ],
      [
        "plugin:inline-events",
        "./inline-events.sh",
        "inline-events/.codex-plugin/plugin.json",
        "hooks.SessionStart[0].hooks[0]",
      ],
      [
        "plugin:inline-array",
        "./inline-array-0.sh",
        "inline-array/.codex-plugin/plugin.json",
        "hooks[0].hooks.PostToolUse[0].hooks[0]",
      ],
      [
        "plugin:inline-array",
        "./inline-array-1b.sh",
        "inline-array/.codex-plugin/plugin.json",
        "hooks[1].PostToolUse[0].hooks[1]",
      ],
      ["plugin:symlink", "./symlink-inside.sh", "symlink/inside.json", "hooks.Stop[0].hooks[0]"],
    ]);
    for (const definition of loaded.definitions) expect(definition.trust).toBe("review");
  });

  it("uses the manifest's hooks instead of the default hooks/hooks.json", () => {
    const commands = loaded.definitions.map((definition) => definition.command);
    expect(commands).not.toContain("./ignored-default.sh");
    expect(commands).not.toContain("./turned-off.sh");
  });

  it("refuses escapes, symlinks out, bad entries and broken manifests with diagnostics", () => {
    expect(loaded.diagnostics.map((d) => [d.code, d.severity, d.file, d.path])).toEqual([
      ["invalid_plugin", "error", manifest("escape"), "hooks"],
      ["invalid_plugin", "error", manifest("symlink"), "hooks[0]"],
      ["invalid_plugin", "error", manifest("bad-entries"), "hooks[0]"],
      ["invalid_plugin", "error", manifest("bad-entries"), "hooks[1]"],
      ["invalid_plugin", "error", manifest("bad-entries"), "hooks[2]"],
      ["invalid_json", "error", manifest("broken-manifest"), null],
      ["invalid_plugin", "warning", userConfig, "plugins.missing"],
      [
        "invalid_config",
        "error",
        manifest("inline-array"),
        "hooks[1].PostToolUse[0].hooks[0].timeout",
      ],
    ]);
    const messages = loaded.diagnostics.map((diagnostic) => diagnostic.message);
    expect(messages[0]).toBe(
      `Plugin "escape" manifest hooks entry "./../default-file/hooks/hooks.json" escapes the plugin root ${join(plugins, "escape")}; it is not loaded`,
    );
    expect(messages[1]).toContain(
      `"./outside.json" is a symlink to ${join(root, "home", ".zerotwo", "outside-hooks.json")}, outside the plugin root`,
    );
    expect(messages[2]).toContain('"hooks/hooks.json" must be a "./"-prefixed path');
    expect(messages[3]).toContain('must be a "./"-prefixed path or an inline hooks object');
    expect(messages[4]).toContain('"./missing.json" does not exist');
    expect(messages[6]).toBe(
      `Plugin "missing" is enabled but ${join(plugins, "missing")} does not exist; its hooks are not loaded`,
    );
  });

  it("gives every plugin handler PLUGIN_ROOT, PLUGIN_DATA and their CLAUDE_ spellings", () => {
    const inline = loaded.definitions.find((d) => d.layer === "plugin:inline-object");
    const pluginRoot = join(plugins, "inline-object");
    const pluginData = join(plugins, "data", "inline-object");
    expect(inline?.env).toEqual({
      PLUGIN_ROOT: pluginRoot,
      PLUGIN_DATA: pluginData,
      CLAUDE_PLUGIN_ROOT: pluginRoot,
      CLAUDE_PLUGIN_DATA: pluginData,
    });
  });

  it("creates a private data folder only for plugins that have hooks", () => {
    for (const name of ["default-file", "inline-array", "symlink"]) {
      expect(statSync(join(plugins, "data", name)).mode & 0o777).toBe(0o700);
    }
    for (const name of ["escape", "bad-entries", "broken-manifest", "missing", "turned-off"]) {
      expect(existsSync(join(plugins, "data", name))).toBe(false);
    }
  });

  it("lists only plugins with enabled = true", () => {
    expect(
      listEnabledPlugins({
        file: userConfig,
        document: { plugins: { a: { enabled: true }, b: {}, c: { enabled: "true" } } },
      }),
    ).toEqual(["a"]);
    expect(listEnabledPlugins(null)).toEqual([]);
  });

  it.each(["data", "..", "a/b", "a\\b", ""])("refuses the plugin name %j", async (name) => {
    const found = await discoverPluginSources(
      { file: userConfig, document: { plugins: { [name]: { enabled: true } } } },
      { pluginsDirectory: plugins, dialect: "zerocode" },
    );
    expect(found.sources).toEqual([]);
    expect(found.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["invalid_plugin", "warning"],
    ]);
  });
});

describe("ZeroCode plugin hooks at run time", () => {
  it("runs a plugin script that sees its root and writes to its data folder", async () => {
    const root = copyFixture("zerocode/layers", createTestWorkspace("zerocode").root, ["project"]);
    const loaded = await loadConfig(zerocodeProfile, {
      home: join(root, "home"),
      cwd: join(root, "project"),
      systemDir: join(root, "system"),
    });
    const plugin = loaded.definitions.find((d) => d.layer === "plugin:policy");
    if (plugin === undefined || typeof plugin.command !== "string")
      throw new Error("no plugin hook");
    const run = spawnSync("/bin/sh", ["-c", plugin.command], {
      env: { ...process.env, ...plugin.env },
      input: "{}",
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    const pluginRoot = join(root, "home", ".zerotwo", "plugins", "policy");
    const dataFile = join(root, "home", ".zerotwo", "plugins", "data", "policy", "last-run.txt");
    expect(readFileSync(dataFile, "utf8")).toBe(`${pluginRoot}\n`);
  });
});
