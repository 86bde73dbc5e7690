import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { readFrontmatterHooks } from "./read-frontmatter-hooks.js";

const fixtures = fileURLToPath(new URL("../../test/fixtures/claude/scoped/", import.meta.url));

describe("readFrontmatterHooks", () => {
  it("reads the name and hooks of a skill's frontmatter", async () => {
    const file = join(fixtures, "plugin/skills/deploy/SKILL.md");
    const read = await readFrontmatterHooks(file);
    expect(read.diagnostics).toEqual([]);
    expect(read.name).toBe("deploy");
    expect(read.frontmatter).toMatchObject({ description: expect.any(String) });
    expect(read.hooks).toEqual({
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            {
              type: "command",
              // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable, not a template
              command: '"${CLAUDE_PLUGIN_ROOT}/scripts/deny-rm.sh"',
            },
          ],
        },
      ],
    });
  });

  it.each([
    ["no frontmatter", "# Just a skill\n\nNo hooks here.\n"],
    ["no hooks", "---\nname: plain\ndescription: nothing to hook\n---\nBody\n"],
    ["an empty hooks field", "---\nname: empty\nhooks:\n---\n"],
    ["an empty frontmatter", "---\n---\nBody\n"],
  ])("gives no hooks and no diagnostic for a file with %s", async (_, text) => {
    const workspace = createTestWorkspace("frontmatter");
    const read = await readFrontmatterHooks(workspace.writeFile("SKILL.md", text));
    expect(read.hooks).toBeUndefined();
    expect(read.diagnostics).toEqual([]);
  });

  it("reads CRLF line endings and a byte-order mark", async () => {
    const workspace = createTestWorkspace("frontmatter");
    const text = "\uFEFF---\r\nname: windows\r\nhooks:\r\n  Stop: []\r\n---\r\nBody\r\n";
    const read = await readFrontmatterHooks(workspace.writeFile("agent.md", text));
    expect(read).toMatchObject({ name: "windows", hooks: { Stop: [] }, diagnostics: [] });
  });

  it("names the file, line and column of a YAML syntax error", async () => {
    const file = join(fixtures, "broken/bad-yaml.md");
    const read = await readFrontmatterHooks(file);
    expect(read.hooks).toBeUndefined();
    expect(read.diagnostics).toEqual([
      expect.objectContaining({ code: "invalid_config", severity: "error", file, path: null }),
    ]);
    expect(read.diagnostics[0]?.message).toMatch(
      new RegExp(`^${file.replaceAll(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:\\d+:\\d+: invalid YAML`),
    );
  });

  it("reports a frontmatter that is never closed", async () => {
    const file = join(fixtures, "broken/unclosed.md");
    const read = await readFrontmatterHooks(file);
    expect(read.diagnostics).toEqual([
      expect.objectContaining({
        code: "invalid_config",
        file,
        message: expect.stringMatching(/never closed/),
      }),
    ]);
  });

  it("reports a frontmatter that is not a mapping", async () => {
    const workspace = createTestWorkspace("frontmatter");
    const file = workspace.writeFile("SKILL.md", "---\n- a\n- b\n---\n");
    const read = await readFrontmatterHooks(file);
    expect(read.diagnostics).toEqual([
      expect.objectContaining({
        code: "invalid_config",
        file,
        message: expect.stringMatching(/mapping/),
      }),
    ]);
  });

  it("refuses an alias bomb instead of expanding it", async () => {
    const workspace = createTestWorkspace("frontmatter");
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let level = 1; level < 8; level += 1) {
      const previous = String.fromCharCode(96 + level);
      const next = String.fromCharCode(97 + level);
      levels.push(`${next}: &${next} [${Array(10).fill(`*${previous}`).join(", ")}]`);
    }
    const file = workspace.writeFile("SKILL.md", `---\n${levels.join("\n")}\n---\n`);
    const read = await readFrontmatterHooks(file);
    expect(read.frontmatter).toBeNull();
    expect(read.diagnostics).toEqual([expect.objectContaining({ code: "invalid_config", file })]);
  });

  it("says a missing file does not exist", async () => {
    const workspace = createTestWorkspace("frontmatter");
    const file = workspace.path("missing", "SKILL.md");
    const read = await readFrontmatterHooks(file);
    expect(read.diagnostics).toEqual([
      expect.objectContaining({ code: "config_not_found", severity: "error", file }),
    ]);
  });
});
