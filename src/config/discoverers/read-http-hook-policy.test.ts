import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { claudeProfile } from "../../profiles/claude.js";
import { loadConfig } from "../load-config.js";

// The http hook policy as discovery reads it from real settings files.

function createLayers() {
  const workspace = createTestWorkspace("http-policy");
  const { home, project: cwd } = workspace;
  return {
    workspace,
    home,
    cwd,
    managed: workspace.path("managed", "managed-settings.json"),
    user: workspace.path("home", ".claude", "settings.json"),
    project: workspace.path("project", ".claude", "settings.json"),
    local: workspace.path("project", ".claude", "settings.local.json"),
    extra: workspace.path("extra", "settings.json"),
  };
}

describe("readHttpHookPolicy (through loadConfig)", () => {
  it("merges each list across user, project and local settings", async () => {
    const layers = createLayers();
    const { workspace } = layers;
    workspace.writeJson(layers.user, {
      allowedHttpHookUrls: ["http://localhost:*"],
      httpHookAllowedEnvVars: ["CORP_TOKEN"],
    });
    workspace.writeJson(layers.project, { httpHookAllowedEnvVars: ["TEAM", "CORP_TOKEN"] });
    workspace.writeJson(layers.local, { allowedHttpHookUrls: [] });
    const loaded = await loadConfig(claudeProfile, { home: layers.home, cwd: layers.cwd });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.httpHookPolicy).toEqual({
      allowedUrls: { entries: ["http://localhost:*"], files: [layers.user, layers.local] },
      allowedEnvVars: { entries: ["CORP_TOKEN", "TEAM"], files: [layers.user, layers.project] },
    });
  });

  it("takes a list the managed settings set as the policy: other files cannot widen it", async () => {
    const layers = createLayers();
    const { workspace } = layers;
    workspace.writeJson(layers.managed, { allowedHttpHookUrls: [] });
    workspace.writeJson(layers.user, {
      allowedHttpHookUrls: ["http://localhost:*"],
      httpHookAllowedEnvVars: ["TEAM"],
    });
    const loaded = await loadConfig(claudeProfile, {
      home: layers.home,
      cwd: layers.cwd,
      managedSettings: layers.managed,
    });
    expect(loaded.httpHookPolicy).toEqual({
      allowedUrls: { entries: [], files: [layers.managed] },
      allowedEnvVars: { entries: ["TEAM"], files: [layers.user] },
    });
    expect(loaded.diagnostics).toEqual([
      {
        code: "invalid_config",
        severity: "info",
        message: `allowedHttpHookUrls in ${layers.user} is ignored: the managed settings set this list, and other files cannot widen it`,
        file: layers.user,
        path: "allowedHttpHookUrls",
      },
    ]);
  });

  it("reads the lists from configFiles too", async () => {
    const layers = createLayers();
    const { workspace } = layers;
    workspace.writeJson(layers.extra, { httpHookAllowedEnvVars: ["CI_TOKEN"] });
    // Discovered user settings are replaced by configFiles: their list is not read.
    workspace.writeJson(layers.user, { httpHookAllowedEnvVars: ["USER_TOKEN"] });
    const loaded = await loadConfig(claudeProfile, {
      home: layers.home,
      cwd: layers.cwd,
      managedSettings: layers.managed,
      configFiles: [layers.extra],
    });
    expect(loaded.httpHookPolicy).toEqual({
      allowedUrls: null,
      allowedEnvVars: { entries: ["CI_TOKEN"], files: [layers.extra] },
    });
  });

  it("has no limits when no file sets them", async () => {
    const layers = createLayers();
    layers.workspace.writeJson(layers.user, { hooks: {} });
    const loaded = await loadConfig(claudeProfile, { home: layers.home, cwd: layers.cwd });
    expect(loaded.httpHookPolicy).toEqual({ allowedUrls: null, allowedEnvVars: null });
  });

  it("reads the lists even where disableAllHooks keeps the file's hooks from loading", async () => {
    const layers = createLayers();
    layers.workspace.writeJson(layers.user, {
      disableAllHooks: true,
      allowedHttpHookUrls: ["http://localhost:*"],
    });
    const loaded = await loadConfig(claudeProfile, { home: layers.home, cwd: layers.cwd });
    expect(loaded.httpHookPolicy?.allowedUrls?.entries).toEqual(["http://localhost:*"]);
  });

  it("fails closed on a value that is not a list of strings", async () => {
    const layers = createLayers();
    const { workspace } = layers;
    workspace.writeJson(layers.managed, { allowedHttpHookUrls: "https://hooks.corp.example/*" });
    workspace.writeJson(layers.user, { httpHookAllowedEnvVars: ["TOKEN", 7] });
    const loaded = await loadConfig(claudeProfile, {
      home: layers.home,
      cwd: layers.cwd,
      managedSettings: layers.managed,
    });
    expect(loaded.httpHookPolicy).toEqual({
      allowedUrls: { entries: [], files: [layers.managed] },
      allowedEnvVars: { entries: ["TOKEN"], files: [layers.user] },
    });
    expect(loaded.diagnostics).toEqual([
      {
        code: "invalid_config",
        severity: "error",
        message: `allowedHttpHookUrls must be a list of strings; in ${layers.managed} it counts as an empty list`,
        file: layers.managed,
        path: "allowedHttpHookUrls",
      },
      {
        code: "invalid_config",
        severity: "error",
        message: `httpHookAllowedEnvVars must be a list of strings; in ${layers.user} only its strings count`,
        file: layers.user,
        path: "httpHookAllowedEnvVars",
      },
    ]);
  });

  it("reports each pattern that is not a URL pattern by file and index, and keeps it matching nothing", async () => {
    const layers = createLayers();
    layers.workspace.writeJson(layers.user, {
      allowedHttpHookUrls: [
        "https://hooks.corp.example/*",
        "hooks.corp.example/*",
        7,
        "http://h:8*/",
      ],
    });
    const loaded = await loadConfig(claudeProfile, { home: layers.home, cwd: layers.cwd });
    expect(loaded.httpHookPolicy?.allowedUrls?.entries).toEqual([
      "https://hooks.corp.example/*",
      "hooks.corp.example/*",
      "http://h:8*/",
    ]);
    expect(loaded.diagnostics.map(({ path, file, message }) => ({ path, file, message }))).toEqual([
      {
        path: "allowedHttpHookUrls[1]",
        file: layers.user,
        message: `allowedHttpHookUrls pattern "hooks.corp.example/*" in ${layers.user} is not a URL pattern: it is not a URL (write scheme://host[:port][/path]); it matches no URL`,
      },
      {
        path: "allowedHttpHookUrls[3]",
        file: layers.user,
        message: `allowedHttpHookUrls pattern "http://h:8*/" in ${layers.user} is not a URL pattern: it is not a URL (write scheme://host[:port][/path]); it matches no URL`,
      },
      {
        path: "allowedHttpHookUrls",
        file: layers.user,
        message: `allowedHttpHookUrls must be a list of strings; in ${layers.user} only its strings count`,
      },
    ]);
  });
});
