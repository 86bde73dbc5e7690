import { describe, expect, it } from "vitest";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { Profile } from "../profiles/profile.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import { findMisspelledToolNames } from "./find-misspelled-tool-names.js";

describe("findMisspelledToolNames", () => {
  it.each<[string, Profile, string, { name: string; closest: string }[]]>([
    ["a misspelled name", claudeProfile, "Bsh", [{ name: "Bsh", closest: "Bash" }]],
    ["one name of several", deepagentsProfile, "Bash|Wirte", [{ name: "Wirte", closest: "Write" }]],
    ["another case", deepagentsProfile, "bash", [{ name: "bash", closest: "Bash" }]],
    ["a grouped tool's alias", zerocodeProfile, "Edti", [{ name: "Edti", closest: "Edit" }]],
    [
      "a Local tool",
      vscodeProfile,
      "run_in_terminl",
      [{ name: "run_in_terminl", closest: "run_in_terminal" }],
    ],
    ["known names", deepagentsProfile, "Bash|Write|Edit|read_file", []],
    ["a name close to nothing known", claudeProfile, "WebFetch", []],
    ["an MCP tool", claudeProfile, "mcp__fs__read", []],
    ["a regular expression", claudeProfile, "^Bsh$", []],
    ["a wildcard", deepagentsProfile, "*", []],
  ])("%s", (_, profile, matcher, expected) => {
    expect(findMisspelledToolNames(matcher, profile)).toEqual(expected);
  });
});
