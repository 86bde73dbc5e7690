import { describe, expect, it } from "vitest";
import { deepagentsFormat } from "./formats/deepagents.js";
import { zerocodeFormat } from "./formats/zerocode.js";
import {
  findPartialToolGroups,
  mentionsFormatToolNames,
  translateNamesToFormat,
  translateNamesToPublic,
} from "./translate-tool-names.js";

describe("translateNamesToPublic", () => {
  it.each<[string, string[], string[]]>([
    ["zerocode", ["apply_patch"], ["Edit", "Write"]],
    ["zerocode", ["Edit"], ["Edit", "Write"]],
    ["zerocode", ["apply_patch", "Bash"], ["Edit", "Write", "Bash"]],
    ["zerocode", ["exec_command", "shell"], ["Bash"]],
    ["zerocode", ["spawn_agent"], ["Agent"]],
    ["zerocode", ["mcp__fs__read"], ["mcp__fs__read"]],
    ["deepagents", ["execute"], ["Bash"]],
    ["deepagents", ["read_file", "grep", "glob"], ["Read", "Grep", "Glob"]],
    ["deepagents", ["Bash"], ["Bash"]],
  ])("%s %j → %j", (format, names, expected) => {
    const rules = (format === "zerocode" ? zerocodeFormat : deepagentsFormat).toolNames;
    expect(translateNamesToPublic(names, rules).names).toEqual(expected);
  });
});

describe("translateNamesToFormat (ZeroCode)", () => {
  it.each<[string[], string[]]>([
    [["Edit", "Write"], ["apply_patch"]],
    [
      ["Write", "Bash", "Edit"],
      ["apply_patch", "Bash"],
    ],
    [["Agent"], ["spawn_agent"]],
    [["Edit"], ["Edit"]],
    [["Bash"], ["Bash"]],
  ])("%j → %j", (names, expected) => {
    expect(translateNamesToFormat(names, zerocodeFormat.toolNames)).toEqual(expected);
  });

  it("finds tools a list names only in part", () => {
    const listedIn = (names: string[]) => (name: string) => names.includes(name);
    expect(findPartialToolGroups(listedIn(["Edit", "Bash"]), zerocodeFormat.toolNames)).toEqual([
      { tool: "apply_patch", listed: ["Edit"], missing: ["Write"] },
    ]);
    expect(findPartialToolGroups(listedIn(["Edit", "Write"]), zerocodeFormat.toolNames)).toEqual(
      [],
    );
  });

  it.each<[string, boolean]>([
    ["apply_.*", true],
    ["^apply_patch$|^Bash$", true],
    ["exec_command|mcp__.*", true],
    ["Edit.*", true],
    [".*", false],
    ["mcp__.*", false],
    ["^(Edit|Write)$", false],
  ])("a ZeroCode regular expression %j names ZeroCode tools: %s", (pattern, expected) => {
    expect(mentionsFormatToolNames(pattern, zerocodeFormat.toolNames)).toBe(expected);
  });
});
