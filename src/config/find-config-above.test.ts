import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { describeConfigAbove, findConfigAbove } from "./find-config-above.js";

// A project with .claude/settings.json and a folder two levels down; the home is beside it.
function createProject() {
  const workspace = createTestWorkspace("config-above");
  const settings = workspace.writeJson("project/.claude/settings.json", { hooks: {} });
  const deep = workspace.createDirectory("project", "src", "lib");
  return { workspace, settings, deep, project: workspace.project, home: workspace.home };
}

describe("findConfigAbove", () => {
  it("finds the nearest project configuration above the working directory", () => {
    const { settings, deep, project, home } = createProject();
    const above = findConfigAbove({ cwd: deep, home });
    expect(above).toEqual({
      directory: project,
      markers: [{ profile: "claude", file: settings, level: "project" }],
    });
    expect(findConfigAbove({ cwd: deep, home }, claudeProfile)?.directory).toBe(project);
    expect(describeConfigAbove(above ?? { directory: "", markers: [] }, deep)).toBe(
      `${settings} (claude) is above the working directory ${deep}, which has no project hook configuration: run from ${project} or pass --cwd ${project}`,
    );
  });

  it("finds nothing where the working directory has its own, or for a profile with no project files", () => {
    const { deep, project, home } = createProject();
    expect(findConfigAbove({ cwd: project, home })).toBeNull();
    expect(findConfigAbove({ cwd: deep, home }, deepagentsProfile)).toBeNull();
  });

  it("counts only the given profile's files", () => {
    const { workspace, deep, home } = createProject();
    workspace.writeJson("project/src/.github/hooks/gate.json", { hooks: {} });
    // VS Code's own file in src/ is not Claude Code's: the settings above are still named.
    expect(findConfigAbove({ cwd: deep, home }, claudeProfile)?.directory).toBe(workspace.project);
    expect(findConfigAbove({ cwd: deep, home }, vscodeProfile)?.directory).toBe(
      path.join(workspace.project, "src"),
    );
  });

  it("stops at the home, whose files are the user's own layer", () => {
    const { workspace, home } = createProject();
    workspace.writeJson("home/.claude/settings.json", { hooks: {} });
    const below = workspace.createDirectory("home", "code", "app");
    expect(findConfigAbove({ cwd: below, home })).toBeNull();
  });
});
