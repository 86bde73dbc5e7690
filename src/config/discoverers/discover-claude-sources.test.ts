import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture } from "../../../test/support/copy-fixture.js";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { claudeProfile } from "../../profiles/claude.js";
import { loadConfig } from "../load-config.js";
import { discoverClaudeSources } from "./discover-claude-sources.js";

/** A copy of test/fixtures/claude/layers: managed/, home/.claude, project/.claude. */
function copyLayers() {
  const root = copyFixture("claude/layers", createTestWorkspace("claude-layers").root);
  return {
    root,
    home: join(root, "home"),
    cwd: join(root, "project"),
    managed: join(root, "managed", "managed-settings.json"),
    user: join(root, "home", ".claude", "settings.json"),
    project: join(root, "project", ".claude", "settings.json"),
    local: join(root, "project", ".claude", "settings.local.json"),
  };
}

function writeSettings(file: string, settings: unknown): void {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

const echo = (text: string) => ({ hooks: [{ type: "command", command: `echo ${text}` }] });

describe("discoverClaudeSources", () => {
  it("reads managed, user, project and local settings in that order, each adding its hooks", async () => {
    const layers = copyLayers();
    const loaded = await loadConfig(claudeProfile, {
      home: layers.home,
      cwd: layers.cwd,
      managedSettings: layers.managed,
    });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.hooksEnabled).toBe(true);
    expect(loaded.sources.map((source) => [source.layer, source.file, source.trust])).toEqual([
      ["managed", layers.managed, "managed"],
      ["user", layers.user, "none"],
      ["project", layers.project, "none"],
      ["local", layers.local, "none"],
    ]);
    expect(
      loaded.definitions.map((definition) => [
        definition.layer,
        definition.command,
        definition.groupIndex,
        definition.timeoutMs,
      ]),
    ).toEqual([
      ["managed", "echo managed", 0, 600_000],
      ["user", "echo user", 1, 600_000],
      ["user", "echo shared", 1, 600_000],
      ["project", "echo project", 2, 5_000],
      ["project", "echo shared", 2, 600_000],
      ["local", "echo local", 3, 600_000],
    ]);
  });

  it.each([
    [
      "a line comment",
      '{\n  // mine\n  "hooks": {}\n}',
      "comments are not allowed at line 2, column 3",
    ],
    ["a block comment", '/* mine */ {"hooks": {}}', "comments are not allowed at line 1, column 1"],
    [
      "a trailing comma",
      '{"hooks": {"SessionStart": [{"hooks": []}],}}',
      "expected a property name in double quotes at line 1, column 44",
    ],
  ])(
    "skips a settings file with %s as a whole, as Claude Code does, and loads the others",
    async (_name, text, where) => {
      const layers = copyLayers();
      writeFileSync(layers.project, text);
      const loaded = await loadConfig(claudeProfile, {
        home: layers.home,
        cwd: layers.cwd,
        managedSettings: layers.managed,
      });
      expect(loaded.diagnostics).toEqual([
        {
          code: "invalid_json",
          severity: "error",
          message: `${layers.project} is not valid JSON: ${where}. Claude Code reads this file as strict JSON; comments or trailing commas make it skip the whole file ("Invalid or malformed JSON"), so none of its hooks run`,
          file: layers.project,
          path: null,
        },
      ]);
      expect(loaded.sources.map((source) => source.layer)).toEqual(["managed", "user", "local"]);
      expect(loaded.definitions.map((definition) => definition.command)).toEqual([
        "echo managed",
        "echo user",
        "echo shared",
        "echo local",
      ]);
    },
  );

  it("reads managed and --config files as strict JSON too", async () => {
    const layers = copyLayers();
    writeFileSync(layers.managed, '{"hooks": {}, // managed\n}');
    writeFileSync(layers.local, '{"hooks": {},}');
    const loaded = await loadConfig(claudeProfile, {
      home: layers.home,
      cwd: layers.cwd,
      managedSettings: layers.managed,
      configFiles: [layers.local, layers.project],
    });
    expect(loaded.diagnostics.map(({ code, file }) => [code, file])).toEqual([
      ["invalid_json", layers.managed],
      ["invalid_json", layers.local],
    ]);
    expect(loaded.sources.map((source) => source.file)).toEqual([layers.project]);
  });

  it("accepts a byte-order mark and an empty or blank file, as Claude Code does", async () => {
    const layers = copyLayers();
    writeFileSync(layers.user, "  \n ");
    writeFileSync(layers.local, `\uFEFF${JSON.stringify({ hooks: { Stop: [echo("bom")] } })}`);
    writeFileSync(layers.project, "");
    const loaded = await loadConfig(claudeProfile, { home: layers.home, cwd: layers.cwd });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.definitions.map((definition) => definition.command)).toEqual(["echo bom"]);
  });

  it("is silent when no settings file exists, and needs no managed settings", async () => {
    const layers = copyLayers();
    const loaded = await loadConfig(claudeProfile, {
      home: join(layers.root, "nobody"),
      cwd: join(layers.root, "nowhere"),
    });
    expect(loaded).toMatchObject({ sources: [], definitions: [], diagnostics: [] });
  });

  it("reports a missing managed settings file it was given", async () => {
    const layers = copyLayers();
    const missing = join(layers.root, "managed", "absent.json");
    const loaded = await loadConfig(claudeProfile, {
      home: layers.home,
      cwd: layers.cwd,
      managedSettings: missing,
    });
    expect(loaded.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file])).toEqual([
      ["config_not_found", missing],
    ]);
    expect(loaded.sources.map((source) => source.layer)).toEqual(["user", "project", "local"]);
  });

  it("reads the managed file before explicit configFiles, which replace the other layers", async () => {
    const layers = copyLayers();
    const loaded = await loadConfig(claudeProfile, {
      home: layers.home,
      cwd: layers.cwd,
      managedSettings: layers.managed,
      configFiles: [layers.local],
    });
    expect(loaded.sources.map((source) => [source.layer, source.file])).toEqual([
      ["managed", layers.managed],
      ["explicit", layers.local],
    ]);
  });

  it("reports a broken settings file and still loads the others", async () => {
    const layers = copyLayers();
    writeFileSync(layers.project, '{ "hooks": { "Stop": [ }');
    const loaded = await loadConfig(claudeProfile, { home: layers.home, cwd: layers.cwd });
    expect(loaded.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file])).toEqual([
      ["invalid_json", layers.project],
    ]);
    expect(loaded.sources.map((source) => source.layer)).toEqual(["user", "local"]);
  });

  it("reports settings that are not an object", async () => {
    const layers = copyLayers();
    writeFileSync(layers.local, "[]");
    const loaded = await loadConfig(claudeProfile, { home: layers.home, cwd: layers.cwd });
    expect(loaded.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file])).toEqual([
      ["invalid_config", layers.local],
    ]);
  });

  it("reads one settings file once when the project is the home directory", async () => {
    const layers = copyLayers();
    const sources = await discoverClaudeSources(claudeProfile, {
      home: layers.home,
      cwd: layers.home,
    });
    expect(sources.sources.map((source) => [source.layer, source.file])).toEqual([
      ["user", layers.user],
    ]);
  });

  it("turns every hook off with disableAllHooks in the managed settings", async () => {
    const layers = copyLayers();
    writeSettings(layers.managed, { disableAllHooks: true, hooks: { Stop: [echo("managed")] } });
    const loaded = await loadConfig(claudeProfile, {
      home: layers.home,
      cwd: layers.cwd,
      managedSettings: layers.managed,
    });
    expect(loaded.hooksEnabled).toBe(false);
    expect(loaded.definitions).toEqual([]);
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({
        code: "hooks_disabled",
        severity: "info",
        file: layers.managed,
        path: "disableAllHooks",
      }),
    ]);
  });

  it("keeps managed hooks when disableAllHooks is set in another layer", async () => {
    const layers = copyLayers();
    writeSettings(layers.local, { disableAllHooks: true });
    const withManaged = await loadConfig(claudeProfile, {
      home: layers.home,
      cwd: layers.cwd,
      managedSettings: layers.managed,
    });
    expect(withManaged.hooksEnabled).toBe(true);
    expect(withManaged.definitions.map((definition) => definition.command)).toEqual([
      "echo managed",
    ]);
    expect(withManaged.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "hooks_disabled",
    ]);
    expect(withManaged.diagnostics[0]?.message).toContain("managed hooks still run");

    const withoutManaged = await loadConfig(claudeProfile, { home: layers.home, cwd: layers.cwd });
    expect(withoutManaged).toMatchObject({ hooksEnabled: false, definitions: [] });
    expect(withoutManaged.diagnostics[0]).toMatchObject({
      code: "hooks_disabled",
      file: layers.local,
    });
  });

  it("lets the file of highest precedence decide disableAllHooks", async () => {
    const layers = copyLayers();
    writeSettings(layers.user, { disableAllHooks: true, hooks: { Stop: [echo("user")] } });
    writeSettings(layers.local, { disableAllHooks: false });
    const loaded = await loadConfig(claudeProfile, { home: layers.home, cwd: layers.cwd });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.definitions.map((definition) => definition.command)).toEqual([
      "echo user",
      "echo project",
      "echo shared",
    ]);
  });

  it("keeps only managed hooks with allowManagedHooksOnly in the managed settings", async () => {
    const layers = copyLayers();
    writeSettings(layers.managed, {
      allowManagedHooksOnly: true,
      hooks: { SessionStart: [echo("managed")] },
    });
    const loaded = await loadConfig(claudeProfile, {
      home: layers.home,
      cwd: layers.cwd,
      managedSettings: layers.managed,
    });
    expect(loaded.definitions.map((definition) => definition.command)).toEqual(["echo managed"]);
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({ code: "hooks_disabled", path: "allowManagedHooksOnly" }),
    ]);
    expect(loaded.diagnostics[0]?.message).toContain(layers.local);
  });

  it("ignores allowManagedHooksOnly outside the managed settings, with a warning", async () => {
    const layers = copyLayers();
    writeSettings(layers.user, { allowManagedHooksOnly: true });
    const loaded = await loadConfig(claudeProfile, { home: layers.home, cwd: layers.cwd });
    expect(loaded.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file])).toEqual([
      ["invalid_config", layers.user],
    ]);
    expect(loaded.definitions.map((definition) => definition.command)).toContain("echo local");
  });

  it("ignores a disableAllHooks that is not a boolean, with a warning", async () => {
    const layers = copyLayers();
    writeSettings(layers.local, { disableAllHooks: "yes" });
    const loaded = await loadConfig(claudeProfile, { home: layers.home, cwd: layers.cwd });
    expect(loaded.hooksEnabled).toBe(true);
    expect(loaded.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ["invalid_config", "disableAllHooks"],
    ]);
  });
});
