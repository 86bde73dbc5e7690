import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSuiteWorkspace } from "../../../test/support/create-test-workspace.js";
import { resolvePluginPath } from "./resolve-plugin-path.js";

const base = createSuiteWorkspace("plugin-path").root;
const root = join(base, "plugin");
mkdirSync(join(root, "hooks"), { recursive: true });
writeFileSync(join(root, "hooks", "hooks.json"), "{}");
writeFileSync(join(root, "..name.json"), "{}");
writeFileSync(join(base, "outside.json"), "{}");
symlinkSync(join(base, "outside.json"), join(root, "out-link.json"));
symlinkSync(join(root, "hooks", "hooks.json"), join(root, "in-link.json"));
symlinkSync(base, join(root, "parent-dir"));

describe("resolvePluginPath", () => {
  it.each([
    ["./hooks/hooks.json", join(root, "hooks", "hooks.json")],
    ["./hooks/../hooks/hooks.json", join(root, "hooks", "hooks.json")],
    ["./in-link.json", join(root, "in-link.json")],
    ["./..name.json", join(root, "..name.json")],
  ])("accepts %s", async (entry, file) => {
    expect(await resolvePluginPath(root, entry)).toEqual({ ok: true, file });
  });

  it.each([
    ["hooks/hooks.json", 'must be a "./"-prefixed path'],
    ["/etc/passwd", 'must be a "./"-prefixed path'],
    ["./../outside.json", "escapes the plugin root"],
    ["./hooks/../../outside.json", "escapes the plugin root"],
    ["./out-link.json", "is a symlink to"],
    ["./parent-dir/outside.json", "is a symlink to"],
    ["./missing.json", "does not exist"],
  ])("refuses %s", async (entry, reason) => {
    const resolved = await resolvePluginPath(root, entry);
    expect(resolved).toEqual({ ok: false, reason: expect.stringContaining(reason) });
  });
});
