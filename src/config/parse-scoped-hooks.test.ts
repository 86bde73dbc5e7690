import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { claudeProfile } from "../profiles/claude.js";
import { type HookScope, parseScopedHooks } from "./parse-scoped-hooks.js";
import { readFrontmatterHooks } from "./read-frontmatter-hooks.js";

const fixtures = fileURLToPath(new URL("../../test/fixtures/claude/scoped/", import.meta.url));
const pluginRoot = join(fixtures, "plugin");
const command = (text: string, extra: Record<string, unknown> = {}) => ({
  type: "command",
  command: text,
  ...extra,
});

const parse = (scope: HookScope, hooks: unknown, file = "/skills/demo/SKILL.md") =>
  parseScopedHooks({ scope, name: "demo", file, fileExists: false, hooks }, claudeProfile);

describe("parseScopedHooks", () => {
  it("registers a subagent's Stop as SubagentStop, after its own SubagentStop groups", async () => {
    const parsed = await parse("subagent", {
      Stop: [{ hooks: [command("echo stop")] }],
      SubagentStop: [{ hooks: [command("echo a")] }, { hooks: [command("echo b")] }],
    });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.layer).toBe("subagent:demo");
    expect(
      parsed.definitions.map(({ event, path, groupIndex, layer }) => ({
        event,
        path,
        groupIndex,
        layer,
      })),
    ).toEqual([
      {
        event: "SubagentStop",
        path: "hooks.Stop[0].hooks[0]",
        groupIndex: 2,
        layer: "subagent:demo",
      },
      {
        event: "SubagentStop",
        path: "hooks.SubagentStop[0].hooks[0]",
        groupIndex: 0,
        layer: "subagent:demo",
      },
      {
        event: "SubagentStop",
        path: "hooks.SubagentStop[1].hooks[0]",
        groupIndex: 1,
        layer: "subagent:demo",
      },
    ]);
  });

  it("keeps a skill's Stop a Stop", async () => {
    const parsed = await parse("skill", { Stop: [{ hooks: [command("echo stop")] }] });
    expect(parsed.definitions.map((definition) => definition.event)).toEqual(["Stop"]);
    expect(parsed.layer).toBe("skill:demo");
  });

  it("turns persistent off, with a warning at the field", async () => {
    const parsed = await parse("skill", {
      PreToolUse: [{ hooks: [command("./guard.sh", { persistent: true })] }],
    });
    expect(parsed.definitions).toEqual([expect.objectContaining({ persistent: false })]);
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({
        code: "unsupported_field",
        file: "/skills/demo/SKILL.md",
        path: "hooks.PreToolUse[0].hooks[0].persistent",
      }),
    ]);
  });

  it("gives the hooks of a plugin's skill CLAUDE_PLUGIN_ROOT", async () => {
    const file = join(pluginRoot, "skills/deploy/SKILL.md");
    const { hooks } = await readFrontmatterHooks(file);
    const parsed = await parseScopedHooks(
      { scope: "skill", name: "deploy", file, fileExists: true, hooks },
      claudeProfile,
    );
    expect(parsed.definitions).toEqual([
      expect.objectContaining({ env: { CLAUDE_PLUGIN_ROOT: pluginRoot }, file }),
    ]);
  });

  it("reports each bad entry with the file and JSON path, and keeps the valid ones", async () => {
    const file = join(fixtures, "broken/SKILL.md");
    const { hooks } = await readFrontmatterHooks(file);
    const parsed = await parseScopedHooks(
      { scope: "skill", name: "broken", file, fileExists: true, hooks },
      claudeProfile,
    );
    expect(parsed.definitions.map((definition) => definition.path)).toEqual([
      "hooks.PreToolUse[0].hooks[1]",
    ]);
    const where = parsed.diagnostics
      .filter((diagnostic) => diagnostic.severity === "error")
      .map(({ file: at, path }) => ({ file: at, path }));
    expect(where).toEqual([
      { file, path: "hooks.PreToolUse[0].hooks[0].command" },
      { file, path: "hooks.Stop" },
    ]);
  });

  it("reports hooks that are not an object keyed by event", async () => {
    const parsed = await parse("skill", ["PreToolUse"]);
    expect(parsed.definitions).toEqual([]);
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({ code: "invalid_config", path: "hooks" }),
    ]);
  });

  it("has nothing to parse when the frontmatter has no hooks", async () => {
    expect(await parse("skill", undefined)).toEqual({
      layer: "skill:demo",
      definitions: [],
      diagnostics: [],
    });
  });
});
