import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture } from "../../../test/support/copy-fixture.js";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { claudeProfile } from "../../profiles/claude.js";
import { loadConfig } from "../load-config.js";
import { discoverClaudeSources } from "./discover-claude-sources.js";

/** A copy of test/fixtures/claude/layers: managed/, home/.claude, project/.claude (JSONC). */
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

  it("parses settings with comments and trailing commas (JSONC)", async () => {
    const layers = copyLayers();
    const loaded = await loadConfig(claudeProfile, {
      home: layers.home,
      cwd: layers.cwd,
      configFiles: [layers.project],
    });
    expect(loaded.diagnostics).toEqual([]);
    expect(
      loaded.definitions.map((definition) => [definition.matcher, definition.command]),
    ).toEqual([
      ["startup|resume", "echo project"],
      ["startup|resume", "echo shared"],
    ]);
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
