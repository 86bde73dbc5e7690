import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import type { Diagnostic } from "../../diagnostic.js";
import { readInstalledClaudePlugins } from "./read-installed-claude-plugins.js";

/** A home whose plugin registry holds `registry` (written as is when it is a string). */
async function createHome(registry: unknown): Promise<string> {
  const home = createTestWorkspace("claude-registry").root;
  const directory = path.join(home, ".claude", "plugins");
  await mkdir(directory, { recursive: true });
  const text = typeof registry === "string" ? registry : JSON.stringify(registry);
  await writeFile(path.join(directory, "installed_plugins.json"), text);
  return home;
}

describe("readInstalledClaudePlugins", () => {
  it("prefers this project's installation, then a user one, and ignores other projects'", async () => {
    const home = await createHome({
      version: 2,
      plugins: {
        "a@m": [
          { scope: "user", installPath: "/cache/m/a/1.0.0" },
          { scope: "local", projectPath: "/work/app", installPath: "/cache/m/a/2.0.0" },
        ],
        "b@m": [{ scope: "project", projectPath: "/work/other", installPath: "/cache/m/b/1.0.0" }],
        "c@m": { installPath: "/cache/m/c/1.0.0" },
      },
    });
    const diagnostics: Diagnostic[] = [];
    const installed = await readInstalledClaudePlugins(home, diagnostics);
    expect(installed.find("a@m", "/work/app")).toEqual({ found: true, root: "/cache/m/a/2.0.0" });
    expect(installed.find("a@m", "/work/elsewhere")).toEqual({
      found: true,
      root: "/cache/m/a/1.0.0",
    });
    expect(installed.find("b@m", "/work/app")).toMatchObject({
      found: false,
      reason: expect.stringContaining("installed only for other projects"),
    });
    expect(installed.find("c@m", "/work/app")).toEqual({ found: true, root: "/cache/m/c/1.0.0" });
    expect(installed.find("toString", "/work/app")).toMatchObject({ found: false });
    expect(diagnostics).toEqual([]);
  });

  it("points at the registry entry of an installation without an absolute installPath", async () => {
    const home = await createHome({
      plugins: { "a@m": [{ scope: "user" }], "b@m": [{ scope: "user", installPath: "cache/b" }] },
    });
    const installed = await readInstalledClaudePlugins(home, []);
    const file = path.join(home, ".claude", "plugins", "installed_plugins.json");
    expect(installed.find("a@m", home)).toMatchObject({
      found: false,
      diagnosticPath: { file, path: 'plugins["a@m"][0]' },
    });
    expect(installed.find("b@m", home)).toMatchObject({
      found: false,
      diagnosticPath: { file, path: 'plugins["b@m"][0].installPath' },
    });
  });

  it("reports a registry that is not JSON or has no plugins object, and finds nothing", async () => {
    for (const [registry, code] of [
      ["{ nope", "invalid_json"],
      [{ version: 2 }, "invalid_plugin"],
    ] as const) {
      const home = await createHome(registry);
      const diagnostics: Diagnostic[] = [];
      const installed = await readInstalledClaudePlugins(home, diagnostics);
      expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual([code]);
      expect(installed.find("a@m", home)).toMatchObject({ found: false });
    }
  });
});
