import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { findMissingHookScript } from "./find-missing-hook-script.js";

function openProject() {
  const workspace = createTestWorkspace("shim-missing-script");
  const project = workspace.project;
  workspace.writeScript(path.join(project, "guard.js"), "process.exit(0);\n");
  const context = { cwd: project, env: { CLAUDE_PROJECT_DIR: project, HOME: workspace.home } };
  return { project, context };
}

describe("findMissingHookScript", () => {
  it.each([
    ["node missing.js", "missing.js"],
    ['node "$CLAUDE_PROJECT_DIR"/hooks/missing.js', "hooks/missing.js"],
    ["python3 missing.py --strict", "missing.py"],
    ["node missing.js || exit 0", "missing.js"],
    ["node guard.js", null],
    ["node -e 'process.exit(1)'", null],
    ["cd . && node missing.js", null],
    ["node $UNKNOWN/missing.js", null],
    ["./missing.sh", null],
  ])("%s → %s", async (command, missing) => {
    const { project, context } = openProject();
    expect(await findMissingHookScript(command, context)).toBe(
      missing === null ? null : path.join(project, missing),
    );
  });

  it("reads an argv list without a shell", async () => {
    const { project, context } = openProject();
    const argv = ["node", path.join(project, "gone.mjs")];
    expect(await findMissingHookScript(argv, context)).toBe(path.join(project, "gone.mjs"));
  });
});
