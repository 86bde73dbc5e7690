import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { copyFixture } from "../../test/support/copy-fixture.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { vscodeProfile } from "../profiles/vscode.js";
import {
  describeConfigFiles,
  discoverConfigFiles,
  expandLocationPattern,
} from "./discover-config-files.js";
import { loadConfig } from "./load-config.js";

function copyDiscoveryTree(): { home: string; cwd: string; root: string } {
  const root = copyFixture("vscode/discovery", createTestWorkspace("vscode-discovery").root);
  return { root, home: join(root, "home"), cwd: join(root, "workspace") };
}

describe("vscode discovery", () => {
  it("reads .github/hooks/*.json by name, ~/.copilot/hooks/*.json, then the Claude settings files", async () => {
    const { home, cwd } = copyDiscoveryTree();
    const loaded = await loadConfig(vscodeProfile, { home, cwd });
    expect(loaded.sources.map((source) => [source.file, source.layer, source.dialect])).toEqual([
      [join(cwd, ".github/hooks/a.json"), "project", "vscode"],
      [join(cwd, ".github/hooks/b.json"), "project", "vscode"],
      [join(home, ".copilot/hooks/user.json"), "user", "vscode"],
      [join(cwd, ".claude/settings.json"), "project", "vscode"],
      [join(cwd, ".claude/settings.local.json"), "local", "vscode"],
      [join(home, ".claude/settings.json"), "user", "vscode"],
    ]);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.definitions.map((definition) => definition.command)).toEqual([
      "echo github-a",
      "echo github-b",
      "echo copilot-user",
      "echo claude-project",
      "echo claude-local",
      "echo claude-user",
    ]);
    // Group indexes run on across files, so run ids stay unique.
    expect(loaded.definitions.map((definition) => definition.groupIndex)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
  });

  it("lists nothing for a missing folder and is silent about missing settings files", async () => {
    const { root } = copyDiscoveryTree();
    const empty = join(root, "empty");
    mkdirSync(empty);
    const loaded = await loadConfig(vscodeProfile, { home: empty, cwd: empty });
    expect(loaded.sources.map((source) => source.file)).toEqual([
      join(empty, ".claude/settings.json"),
      join(empty, ".claude/settings.local.json"),
      join(empty, ".claude/settings.json"),
    ]);
    expect(loaded).toMatchObject({ definitions: [], diagnostics: [] });
  });

  it("replaces discovery with configFiles, read as JSONC", async () => {
    const { home, cwd } = copyDiscoveryTree();
    const sources = discoverConfigFiles(vscodeProfile, {
      home,
      cwd,
      configFiles: [".claude/settings.json"],
    });
    expect(sources).toEqual([
      {
        file: join(cwd, ".claude/settings.json"),
        layer: "explicit",
        dialect: "vscode",
        explicit: true,
        trust: "none",
      },
    ]);
    const loaded = await loadConfig(vscodeProfile, {
      home,
      cwd,
      configFiles: [".claude/settings.json"],
    });
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.definitions.map((definition) => definition.command)).toEqual([
      "echo claude-project",
    ]);
  });

  it("shows a pattern that matches nothing as missing in `config path`", () => {
    const { root, home, cwd } = copyDiscoveryTree();
    const empty = join(root, "nothing-here");
    expect(describeConfigFiles(vscodeProfile, { home: empty, cwd })).toEqual([
      { file: join(cwd, ".github/hooks/a.json"), layer: "project", exists: true },
      { file: join(cwd, ".github/hooks/b.json"), layer: "project", exists: true },
      { file: join(empty, ".copilot/hooks/*.json"), layer: "user", exists: false },
      { file: join(cwd, ".claude/settings.json"), layer: "project", exists: true },
      { file: join(cwd, ".claude/settings.local.json"), layer: "local", exists: true },
      { file: join(empty, ".claude/settings.json"), layer: "user", exists: false },
    ]);
    expect(describeConfigFiles(vscodeProfile, { home, cwd: home })[0]).toEqual({
      file: join(home, ".github/hooks/*.json"),
      layer: "project",
      exists: false,
    });
  });
});

describe("expandLocationPattern", () => {
  it("matches files only, skips dotfiles unless the pattern starts with a dot, sorts by name", () => {
    const { root } = copyDiscoveryTree();
    const directory = join(root, "patterns");
    mkdirSync(join(directory, "sub.json"), { recursive: true });
    for (const name of ["b.json", "a.json", "B.json", ".x.json", "c.jsonc", "a.json.bak"]) {
      writeFileSync(join(directory, name), "{}");
    }
    expect(expandLocationPattern(join(directory, "*.json"))).toEqual([
      join(directory, "B.json"),
      join(directory, "a.json"),
      join(directory, "b.json"),
    ]);
    expect(expandLocationPattern(join(directory, ".*.json"))).toEqual([join(directory, ".x.json")]);
    expect(expandLocationPattern(join(directory, "a.*"))).toEqual([
      join(directory, "a.json"),
      join(directory, "a.json.bak"),
    ]);
    expect(expandLocationPattern(join(directory, "plain.json"))).toEqual([
      join(directory, "plain.json"),
    ]);
    expect(expandLocationPattern(join(root, "missing", "*.json"))).toEqual([]);
  });
});
