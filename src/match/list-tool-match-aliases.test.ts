import { describe, expect, it } from "vitest";
import { claudeProfile } from "../profiles/claude.js";
import { codexProfile } from "../profiles/codex.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { listToolMatchAliases } from "./list-tool-match-aliases.js";

describe("listToolMatchAliases", () => {
  it.each([
    ["codex apply_patch", codexProfile, "tool_name", "apply_patch", ["Edit", "Write"]],
    ["vscode run_in_terminal", vscodeProfile, "tool_name", "run_in_terminal", ["Bash"]],
    ["a tool without aliases", codexProfile, "tool_name", "Bash", []],
    ["a profile without aliases", claudeProfile, "tool_name", "apply_patch", []],
    ["an event not matched on the tool", codexProfile, "source", "apply_patch", []],
    ["an event without a matcher", codexProfile, null, "apply_patch", []],
    ["a value that is not a string", codexProfile, "tool_name", 42, []],
    ["a tool named constructor", codexProfile, "tool_name", "constructor", []],
    ["a tool named __proto__", codexProfile, "tool_name", "__proto__", []],
  ] as const)("%s", (_name, profile, matchField, value, expected) => {
    expect(listToolMatchAliases(profile, matchField, value)).toEqual(expected);
  });
});
