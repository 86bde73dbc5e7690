import { copyFile, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { loadEventHooks } from "./load-event-hooks.js";

const example = fileURLToPath(
  new URL("../../test/fixtures/event-stream/hooks.json", import.meta.url),
);

async function createHome(text?: string): Promise<string> {
  const home = createTestWorkspace("event-hooks-home").root;
  if (text !== undefined) {
    await mkdir(path.join(home, ".deepagents"));
    await writeFile(path.join(home, ".deepagents", "hooks.json"), text);
  }
  return home;
}

describe("loadEventHooks", () => {
  it("reads ~/.deepagents/hooks.json under the given home", async () => {
    const home = await createHome();
    await copyFile(example, path.join(home, ".deepagents-example.json"));
    await mkdir(path.join(home, ".deepagents"));
    await copyFile(example, path.join(home, ".deepagents", "hooks.json"));
    const loaded = await loadEventHooks({ home, cwd: "/" });
    const file = path.join(home, ".deepagents", "hooks.json");
    expect(loaded.files).toEqual([file]);
    expect(loaded.diagnostics).toEqual([]);
    expect(loaded.hooks).toEqual([
      {
        command: ["bash", "adapter.sh"],
        events: ["session.start", "session.end"],
        file,
        path: "hooks[0]",
      },
      {
        command: ["node", "log-tools.js", "--verbose"],
        events: ["tool.use", "tool.result"],
        file,
        path: "hooks[1]",
      },
      {
        command: ["bash", "notify.sh"],
        events: ["user.prompt", "context.compact"],
        file,
        path: "hooks[2]",
      },
    ]);
  });

  it("loads nothing and reports nothing when the default file is missing", async () => {
    expect(await loadEventHooks({ home: await createHome(), cwd: "/" })).toEqual({
      files: [],
      hooks: [],
      diagnostics: [],
    });
  });

  it("reports a missing explicit file, and resolves relative ones against cwd", async () => {
    const cwd = await createHome();
    await copyFile(example, path.join(cwd, "mine.json"));
    const loaded = await loadEventHooks({
      home: cwd,
      cwd,
      configFiles: ["mine.json", "absent.json"],
    });
    expect(loaded.hooks).toHaveLength(3);
    expect(loaded.hooks[0]?.file).toBe(path.join(cwd, "mine.json"));
    expect(loaded.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file])).toEqual([
      ["config_not_found", path.join(cwd, "absent.json")],
    ]);
  });

  it("yields no hooks and one diagnostic for a file that is not valid JSON", async () => {
    const home = await createHome('{"hooks": [{"command": ["a"]},]}');
    const loaded = await loadEventHooks({ home, cwd: "/" });
    expect(loaded.hooks).toEqual([]);
    expect(loaded.diagnostics).toHaveLength(1);
    expect(loaded.diagnostics[0]).toMatchObject({ code: "invalid_json", severity: "error" });
    expect(loaded.diagnostics[0]?.message).toContain("at line 1, column 31");
  });
});
