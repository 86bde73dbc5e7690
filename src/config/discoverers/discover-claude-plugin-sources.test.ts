import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { copyFixture } from "../../../test/support/copy-fixture.js";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { createHookEngine, type HookEngine } from "../../engine/engine.js";
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
    data: (name: string) => join(home, ".claude", "plugins", "data", name),
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
        { CLAUDE_PLUGIN_ROOT: guard, CLAUDE_PLUGIN_DATA: tree.data("guard-acme-tools") },
      ],
      [
        "plugin:formatter@acme-tools",
        join(formatter, "config", "extra-hooks.json"),
        { CLAUDE_PLUGIN_ROOT: formatter, CLAUDE_PLUGIN_DATA: tree.data("formatter-acme-tools") },
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

  it.each([
    [
      "a comment",
      (text: string) => `// guard\n${text}`,
      "comments are not allowed at line 1, column 1",
    ],
    [
      "a byte-order mark",
      (text: string) => `\uFEFF${text}`,
      "unexpected character at line 1, column 1",
    ],
  ])(
    "skips a plugin hooks file with %s, as Claude Code does, and says why",
    async (_name, spoil, where) => {
      const tree = copyPlugins("basic");
      const file = join(tree.plugin("guard", "1.0.0"), "hooks", "hooks.json");
      writeFileSync(file, spoil(readFileSync(file, "utf8")));
      const loaded = await loadConfig(claudeProfile, { home: tree.home, cwd: tree.cwd });
      expect(loaded.diagnostics).toEqual([
        {
          code: "invalid_json",
          severity: "error",
          message: `${file} is not valid JSON: ${where}. Claude Code reads a plugin's hooks file as strict JSON; comments, trailing commas or a byte-order mark make it skip the whole file ("Failed to load hooks for guard@acme-tools"), so none of its hooks run`,
          file,
          path: null,
        },
      ]);
      expect(summary(loaded)).toEqual([
        ["user", "echo user"],
        ["plugin:formatter@acme-tools", formatterCommand],
      ]);
    },
  );

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

describe("CLAUDE_PLUGIN_DATA", () => {
  // A SessionStart hook that names its data folder and writes a file into it.
  const dataHook = (name: string) => ({
    hooks: {
      SessionStart: [
        {
          hooks: [
            {
              type: "command",
              command: `echo "${name} data at $CLAUDE_PLUGIN_DATA" && echo ${name} > "$CLAUDE_PLUGIN_DATA/seen"`,
            },
          ],
        },
      ],
    },
  });

  it("gives an enabled plugin's hooks ~/.claude/plugins/data/<id>, created 0700 when the engine loads them", async () => {
    const tree = copyPlugins("basic");
    const formatter = tree.plugin("formatter", "2.0.0");
    writeFileSync(
      join(formatter, "config", "extra-hooks.json"),
      JSON.stringify(dataHook("formatter")),
    );
    const data = tree.data("formatter-acme-tools");
    expect(existsSync(data)).toBe(false);
    const engine = await createHookEngine({ profile: "claude", home: tree.home, cwd: tree.cwd });
    engines.push(engine);
    expect(engine.diagnostics).toEqual([]);
    // Created at load, before any hook runs, and private to the user.
    expect(statSync(data).isDirectory()).toBe(true);
    expect(statSync(data).mode & 0o777).toBe(0o700);
    expect(statSync(tree.data("guard-acme-tools")).mode & 0o777).toBe(0o700);
    // quiet@acme-tools is turned off by the project settings: no folder.
    expect(existsSync(tree.data("quiet-acme-tools"))).toBe(false);

    const started = await engine.dispatch("SessionStart", { source: "startup" });
    expect(started.additionalContext).toEqual(["user", `formatter data at ${data}`]);
    expect(readFileSync(join(data, "seen"), "utf8")).toBe("formatter\n");
  });

  it("keeps the data folder across loads and leaves what is in it", async () => {
    const tree = copyPlugins("basic");
    const data = tree.data("guard-acme-tools");
    mkdirSync(data, { recursive: true, mode: 0o755 });
    writeFileSync(join(data, "state.json"), "{}");
    const loaded = await loadConfig(claudeProfile, { home: tree.home, cwd: tree.cwd });
    expect(loaded.diagnostics).toEqual([]);
    expect(readFileSync(join(data, "state.json"), "utf8")).toBe("{}");
    // An existing folder is the user's: its mode is not changed.
    expect(statSync(data).mode & 0o777).toBe(0o755);
  });

  it("creates no folder for a plugin without hooks, but still names it", async () => {
    const tree = copyPlugins("basic");
    rmSync(join(tree.plugin("guard", "1.0.0"), "hooks", "hooks.json"));
    const loaded = await loadConfig(claudeProfile, { home: tree.home, cwd: tree.cwd });
    expect(loaded.sources.map((source) => source.layer)).toEqual([
      "user",
      "plugin:formatter@acme-tools",
    ]);
    expect(existsSync(tree.data("guard-acme-tools"))).toBe(false);
    expect(existsSync(tree.data("formatter-acme-tools"))).toBe(true);
  });

  it("warns when the folder cannot be created and still loads the hooks with the variable set", async () => {
    const tree = copyPlugins("basic");
    // A file where the data folders go: no folder can be made under it.
    writeFileSync(join(tree.home, ".claude", "plugins", "data"), "not a folder");
    const loaded = await loadConfig(claudeProfile, { home: tree.home, cwd: tree.cwd });
    expect(
      loaded.diagnostics.map((diagnostic) => [
        diagnostic.code,
        diagnostic.severity,
        diagnostic.file,
        diagnostic.path,
      ]),
    ).toEqual([
      ["invalid_plugin", "warning", tree.userSettings, 'enabledPlugins["guard@acme-tools"]'],
      ["invalid_plugin", "warning", tree.userSettings, 'enabledPlugins["formatter@acme-tools"]'],
    ]);
    expect(loaded.diagnostics[0]?.message).toMatch(
      new RegExp(
        `^Plugin "guard@acme-tools" has no data folder ${tree.data("guard-acme-tools")}: E[A-Z]+$`,
      ),
    );
    expect(summary(loaded)).toEqual([
      ["user", "echo user"],
      ["plugin:guard@acme-tools", guardCommand],
      ["plugin:formatter@acme-tools", formatterCommand],
    ]);
    expect(loaded.definitions[1]?.env).toMatchObject({
      CLAUDE_PLUGIN_DATA: tree.data("guard-acme-tools"),
    });
  });

  it("gives a plugin's hooks file named in configFiles CLAUDE_PLUGIN_ROOT but no data folder (it has no plugin id)", async () => {
    const tree = copyPlugins("basic");
    const formatter = tree.plugin("formatter", "2.0.0");
    const hooksFile = join(formatter, "config", "extra-hooks.json");
    // The shell's default (unset when the variable is not set), written apart as pluginRoot is.
    const command = 'echo "data=$' + '{CLAUDE_PLUGIN_DATA-unset} root=$CLAUDE_PLUGIN_ROOT"';
    const hooks = { SessionStart: [{ hooks: [{ type: "command", command }] }] };
    writeFileSync(hooksFile, JSON.stringify({ hooks }));
    const engine = await createHookEngine({
      profile: "claude",
      configFiles: [hooksFile],
      home: tree.home,
      cwd: tree.cwd,
    });
    engines.push(engine);
    expect(engine.diagnostics).toEqual([]);
    const started = await engine.dispatch("SessionStart", { source: "startup" });
    expect(started.additionalContext).toEqual([`data=unset root=${formatter}`]);
    expect(existsSync(join(tree.home, ".claude", "plugins", "data"))).toBe(false);
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
