import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyFixture } from "../../../test/support/copy-fixture.js";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { createHookEngine, type HookEngine } from "../../engine.js";
import { claudeProfile } from "../../profiles/claude.js";
import { loadConfig } from "../load-config.js";
import { describeClaudeFiles } from "./describe-claude-files.js";

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/**
 * A copy of test/fixtures/claude/plugins-<name>, with `<fixture>` in the plugin registry replaced
 * by the copy's path (Claude Code writes absolute install paths).
 */
function copyPlugins(name: "basic" | "broken") {
  const root = copyFixture(`claude/plugins-${name}`, createTestWorkspace("claude-plugins").root);
  const home = join(root, "home");
  const registry = join(home, ".claude", "plugins", "installed_plugins.json");
  writeFileSync(registry, readFileSync(registry, "utf8").replaceAll("<fixture>", root));
  const cache = join(home, ".claude", "plugins", "cache", "acme-tools");
  return {
    root,
    home,
    cwd: join(root, "project"),
    registry,
    managed: join(root, "managed", "managed-settings.json"),
    userSettings: join(home, ".claude", "settings.json"),
    projectSettings: join(root, "project", ".claude", "settings.json"),
    plugin: (id: string, version: string) => join(cache, id, version),
  };
}

// The commands as the fixture's hooks files write them: the shell expands the variable.
const pluginRoot = "$" + "{CLAUDE_PLUGIN_ROOT}";
const guardCommand = `"${pluginRoot}"/scripts/guard.sh`;
const formatterCommand = `echo "formatter at ${pluginRoot}"`;

const summary = (loaded: Awaited<ReturnType<typeof loadConfig>>) =>
  loaded.definitions.map((definition) => [definition.layer, definition.command]);

describe("Claude Code plugin hooks", () => {
  it("loads the hooks of enabled, installed plugins as their own layers, after the settings", async () => {
    const tree = copyPlugins("basic");
    const loaded = await loadConfig(claudeProfile, { home: tree.home, cwd: tree.cwd });
    expect(loaded.diagnostics).toEqual([]);
    const guard = tree.plugin("guard", "1.0.0");
    const formatter = tree.plugin("formatter", "2.0.0");
    expect(loaded.sources.map((source) => [source.layer, source.file, source.env])).toEqual([
      ["user", tree.userSettings, undefined],
      [
        "plugin:guard@acme-tools",
        join(guard, "hooks", "hooks.json"),
        { CLAUDE_PLUGIN_ROOT: guard },
      ],
      [
        "plugin:formatter@acme-tools",
        join(formatter, "config", "extra-hooks.json"),
        { CLAUDE_PLUGIN_ROOT: formatter },
      ],
    ]);
    // quiet@acme-tools is turned off by the project settings, which override the user's.
    expect(summary(loaded)).toEqual([
      ["user", "echo user"],
      ["plugin:guard@acme-tools", guardCommand],
      ["plugin:formatter@acme-tools", formatterCommand],
    ]);
    expect(loaded.definitions[1]).toMatchObject({
      path: "hooks.PreToolUse[0].hooks[0]",
      env: { CLAUDE_PLUGIN_ROOT: guard },
    });
  });

  it("runs a plugin's hook through the engine with CLAUDE_PLUGIN_ROOT set to the plugin", async () => {
    const tree = copyPlugins("basic");
    const engine = await createHookEngine({ profile: "claude", home: tree.home, cwd: tree.cwd });
    engines.push(engine);
    const guard = tree.plugin("guard", "1.0.0");
    const denied = await engine.dispatch("PreToolUse", {
      tool_name: "Bash",
      tool_input: { command: "rm -rf build" },
    });
    expect(denied.decision).toBe("deny");
    expect(denied.reason).toBe(`guard at ${guard} blocked rm -rf`);
    expect(denied.runs).toEqual([
      expect.objectContaining({ source: join(guard, "hooks", "hooks.json"), status: "blocked" }),
    ]);
    const allowed = await engine.dispatch("PreToolUse", {
      tool_name: "Bash",
      tool_input: { command: "ls" },
    });
    expect(allowed.decision).toBeNull();
    const started = await engine.dispatch("SessionStart", { source: "startup" });
    expect(started.additionalContext).toEqual([
      "user",
      `formatter at ${tree.plugin("formatter", "2.0.0")}`,
    ]);
  });

  it("keeps only the plugins the managed settings enable under allowManagedHooksOnly", async () => {
    const tree = copyPlugins("basic");
    const loaded = await loadConfig(claudeProfile, {
      home: tree.home,
      cwd: tree.cwd,
      managedSettings: tree.managed,
    });
    expect(summary(loaded)).toEqual([
      ["managed", "echo managed"],
      ["plugin:guard@acme-tools", guardCommand],
    ]);
    const only = loaded.diagnostics.find((diagnostic) => diagnostic.code === "hooks_disabled");
    expect(only?.message).toContain(tree.userSettings);
    expect(only?.message).toContain(join(tree.plugin("formatter", "2.0.0"), "config"));
    expect(loaded.excluded.map((excluded) => [excluded.source.layer, excluded.reason])).toEqual([
      ["user", "managed-only"],
      ["plugin:formatter@acme-tools", "managed-only"],
    ]);
  });

  it("turns plugin hooks off with disableAllHooks, in managed or user settings", async () => {
    const tree = copyPlugins("basic");
    writeFileSync(tree.projectSettings, JSON.stringify({ disableAllHooks: true }));
    const user = await loadConfig(claudeProfile, { home: tree.home, cwd: tree.cwd });
    expect(user.definitions).toEqual([]);
    expect(user.excluded.map((excluded) => excluded.source.layer)).toEqual([
      "user",
      "plugin:guard@acme-tools",
      "plugin:formatter@acme-tools",
      "plugin:quiet@acme-tools",
    ]);
    expect(user.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringContaining("user, project, local and plugin hooks are not loaded"),
    ]);

    writeFileSync(tree.managed, JSON.stringify({ disableAllHooks: true }));
    rmSync(tree.projectSettings);
    const managed = await loadConfig(claudeProfile, {
      home: tree.home,
      cwd: tree.cwd,
      managedSettings: tree.managed,
    });
    expect(managed.hooksEnabled).toBe(false);
    expect(managed.definitions).toEqual([]);
    expect(managed.excluded).toHaveLength(4);
  });

  it("lets the managed file's enabledPlugins win over every other settings file", async () => {
    const tree = copyPlugins("basic");
    writeFileSync(tree.managed, JSON.stringify({ enabledPlugins: { "quiet@acme-tools": true } }));
    const loaded = await loadConfig(claudeProfile, {
      home: tree.home,
      cwd: tree.cwd,
      managedSettings: tree.managed,
    });
    expect(loaded.sources.map((source) => source.layer)).toEqual([
      "user",
      "plugin:quiet@acme-tools",
      "plugin:guard@acme-tools",
      "plugin:formatter@acme-tools",
    ]);
  });

  it("reports enabled plugins it cannot load, naming the file and JSON path, and loads the rest", async () => {
    const tree = copyPlugins("broken");
    const loaded = await loadConfig(claudeProfile, { home: tree.home, cwd: tree.cwd });
    const escaping = tree.plugin("escape", "1.0.0");
    const odd = tree.plugin("odd-hooks", "1.0.0");
    const badManifest = join(tree.plugin("bad-manifest", "1.0.0"), ".claude-plugin", "plugin.json");
    expect(
      loaded.diagnostics.map((diagnostic) => [
        diagnostic.code,
        diagnostic.severity,
        diagnostic.file,
        diagnostic.path,
      ]),
    ).toEqual([
      ["invalid_config", "warning", tree.userSettings, 'enabledPlugins["versions@acme-tools"]'],
      ["invalid_plugin", "warning", tree.userSettings, 'enabledPlugins["ghost@acme-tools"]'],
      ["invalid_plugin", "warning", tree.userSettings, 'enabledPlugins["gone@acme-tools"]'],
      ["invalid_json", "error", badManifest, null],
      ["invalid_plugin", "error", badManifest, null],
      ["invalid_plugin", "warning", join(escaping, ".claude-plugin", "plugin.json"), "hooks[0]"],
      ["invalid_plugin", "error", join(escaping, ".claude-plugin", "plugin.json"), "hooks[1]"],
      ["invalid_plugin", "error", join(odd, ".claude-plugin", "plugin.json"), "hooks"],
    ]);
    const messages = loaded.diagnostics.map((diagnostic) => diagnostic.message);
    expect(messages[1]).toMatch(/"ghost@acme-tools" is enabled in .* but it is not installed/);
    expect(messages[2]).toContain(
      `its folder ${join(tree.plugin("gone", "1.0.0"))} does not exist`,
    );
    expect(messages[6]).toContain("escapes the plugin root");
    // hooks/hooks.json of a plugin with a bad manifest entry still loads; the escaping file never does.
    expect(summary(loaded)).toEqual([
      ["plugin:escape@acme-tools", "echo escape"],
      ["plugin:odd-hooks@acme-tools", "echo odd-hooks"],
    ]);
  });

  it("finds no plugin when the registry is missing, and says so", async () => {
    const tree = copyPlugins("basic");
    rmSync(tree.registry);
    const loaded = await loadConfig(claudeProfile, { home: tree.home, cwd: tree.cwd });
    expect(loaded.diagnostics.map((diagnostic) => diagnostic.message)).toEqual([
      expect.stringContaining(`not installed (${tree.registry} does not exist)`),
      expect.stringContaining(`not installed (${tree.registry} does not exist)`),
    ]);
    expect(summary(loaded)).toEqual([["user", "echo user"]]);
  });

  it("reads inline hooks from the manifest at its hooks key", async () => {
    const tree = copyPlugins("basic");
    const manifest = join(tree.plugin("formatter", "2.0.0"), ".claude-plugin", "plugin.json");
    const inline = {
      name: "formatter",
      hooks: { Stop: [{ hooks: [{ type: "command", command: "echo inline" }] }] },
    };
    writeFileSync(manifest, JSON.stringify(inline));
    const loaded = await loadConfig(claudeProfile, { home: tree.home, cwd: tree.cwd });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.definitions.at(-1)).toMatchObject({
      command: "echo inline",
      file: manifest,
      path: "hooks.Stop[0].hooks[0]",
    });
  });
});

describe("describeClaudeFiles", () => {
  it("lists managed, user, project and local settings, then the enabled plugins' files", async () => {
    const tree = copyPlugins("basic");
    const files = await describeClaudeFiles(claudeProfile, {
      home: tree.home,
      cwd: tree.cwd,
      managedSettings: tree.managed,
    });
    const guard = tree.plugin("guard", "1.0.0");
    const formatter = tree.plugin("formatter", "2.0.0");
    expect(files).toEqual([
      { file: tree.managed, layer: "managed", exists: true },
      { file: tree.userSettings, layer: "user", exists: true },
      { file: tree.projectSettings, layer: "project", exists: true },
      { file: join(tree.cwd, ".claude", "settings.local.json"), layer: "local", exists: false },
      { file: tree.registry, layer: "plugins", exists: true },
      {
        file: join(guard, ".claude-plugin", "plugin.json"),
        layer: "plugin:guard@acme-tools",
        exists: true,
      },
      { file: join(guard, "hooks", "hooks.json"), layer: "plugin:guard@acme-tools", exists: true },
      {
        file: join(formatter, ".claude-plugin", "plugin.json"),
        layer: "plugin:formatter@acme-tools",
        exists: true,
      },
      {
        file: join(formatter, "hooks", "hooks.json"),
        layer: "plugin:formatter@acme-tools",
        exists: false,
      },
      {
        file: join(formatter, "config", "extra-hooks.json"),
        layer: "plugin:formatter@acme-tools",
        exists: true,
      },
    ]);
  });

  it("lists a managed settings file that does not exist as missing", async () => {
    const tree = copyPlugins("basic");
    const absent = join(tree.root, "managed", "absent.json");
    const files = await describeClaudeFiles(claudeProfile, {
      home: tree.home,
      cwd: tree.cwd,
      managedSettings: absent,
    });
    expect(files[0]).toEqual({ file: absent, layer: "managed", exists: false });
  });
});
