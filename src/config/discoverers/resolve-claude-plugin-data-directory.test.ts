import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveClaudePluginDataDirectory } from "./resolve-claude-plugin-data-directory.js";

describe("resolveClaudePluginDataDirectory", () => {
  // The first row is the Claude Code plugins reference's own example.
  it.each([
    ["formatter@my-marketplace", "formatter-my-marketplace"],
    ["guard@acme-tools", "guard-acme-tools"],
    ["Snake_case-OK@Market_2", "Snake_case-OK-Market_2"],
    ["dots.and spaces@a.b", "dots-and-spaces-a-b"],
    ["../escape@x/y", "---escape-x-y"],
    ["back\\slash@m", "back-slash-m"],
    ["..", "--"],
    ["café@m", "caf--m"],
    ["rocket🚀@m", "rocket--m"],
  ])("puts %j in ~/.claude/plugins/data/%s", (id, name) => {
    expect(resolveClaudePluginDataDirectory("/home/ada", id)).toBe(
      join("/home/ada", ".claude", "plugins", "data", name),
    );
  });

  it("gives an empty id no folder", () => {
    expect(resolveClaudePluginDataDirectory("/home/ada", "")).toBeNull();
  });
});
