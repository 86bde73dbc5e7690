import { describe, expect, it } from "vitest";
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../../test/support/create-test-workspace.js";
import { findCodexProjectDirectory } from "./find-codex-project-directory.js";

const guard = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh';
const hooksMentioning = (command: string) =>
  JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          hooks: [
            {
              type: "command",
              command: `agent-hooks shim --hook claude --host codex -- '${command}'`,
            },
          ],
        },
      ],
    },
  });

interface Layout {
  /** Files to write, relative to the workspace's project folder. */
  files: Record<string, string>;
  /** The folder Codex runs in, relative to the project folder. */
  cwd: string;
  /** The folder expected, relative to the project folder. */
  expected: string;
}

// Codex 0.169 (run against a fake model server): started in a subfolder it loads the .codex/ of
// every folder from the project root (the nearest folder with a root marker, .git by default, a
// file or a folder) down to its working directory; with no marker, only the working directory's.
describe("findCodexProjectDirectory", () => {
  it.each<[string, Layout]>([
    [
      "the repository's .codex, from a subfolder",
      {
        files: { ".git/HEAD": "", ".codex/hooks.json": hooksMentioning(guard) },
        cwd: "src/deep",
        expected: ".",
      },
    ],
    [
      "a .git file (a worktree) marks the root too",
      {
        files: { ".git": "gitdir: /x", ".codex/hooks.json": hooksMentioning(guard) },
        cwd: "src",
        expected: ".",
      },
    ],
    [
      "the folder whose hooks name the command, among several",
      {
        files: {
          ".git/HEAD": "",
          ".codex/hooks.json": hooksMentioning(guard),
          "src/.codex/hooks.json": hooksMentioning("./other.sh"),
        },
        cwd: "src/deep",
        expected: ".",
      },
    ],
    [
      "hooks in config.toml",
      {
        files: {
          ".git/HEAD": "",
          "src/.codex/config.toml": `[[hooks.PreToolUse]]\n[[hooks.PreToolUse.hooks]]\ntype = "command"\ncommand = "agent-hooks shim -- '${guard.replaceAll('"', '\\"')}'"\n`,
        },
        cwd: "src/deep",
        expected: "src",
      },
    ],
    [
      "the nearest hook folder when none names the command",
      {
        files: { ".git/HEAD": "", ".codex/hooks.json": "{}", "src/.codex/hooks.json": "{}" },
        cwd: "src/deep",
        expected: "src",
      },
    ],
    [
      "the project root when the hook came from the user's own config",
      { files: { ".git/HEAD": "" }, cwd: "src/deep", expected: "." },
    ],
    [
      "the working directory when no folder above holds a root marker",
      { files: { ".codex/hooks.json": hooksMentioning(guard) }, cwd: "src", expected: "src" },
    ],
  ])("%s", (_name, layout) => {
    const workspace = createTestWorkspace("codex-project");
    const project = lay(workspace, layout.files);
    const cwd = workspace.createDirectory("project", layout.cwd);
    const found = findCodexProjectDirectory({
      cwd,
      command: [guard],
      env: { HOME: workspace.home },
    });
    expect(found).toBe(workspace.path("project", layout.expected));
    expect(found.startsWith(project)).toBe(true);
  });

  it("reads project_root_markers from the user's Codex config", () => {
    const workspace = createTestWorkspace("codex-project");
    lay(workspace, { "root.marker": "", ".codex/hooks.json": hooksMentioning(guard) });
    workspace.writeFile("codex-home/config.toml", 'project_root_markers = ["root.marker"]\n');
    const cwd = workspace.createDirectory("project", "src");
    const env = { HOME: workspace.home, CODEX_HOME: workspace.path("codex-home") };
    expect(findCodexProjectDirectory({ cwd, command: [guard], env })).toBe(workspace.project);
    expect(
      findCodexProjectDirectory({ cwd, command: [guard], env: { HOME: workspace.home } }),
    ).toBe(cwd);
  });
});

function lay(workspace: TestWorkspace, files: Record<string, string>): string {
  for (const [file, content] of Object.entries(files)) {
    workspace.writeFile(`project/${file}`, content);
  }
  return workspace.project;
}
