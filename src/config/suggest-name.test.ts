import { describe, expect, it } from "vitest";
import { findClosestName, suggestName } from "./suggest-name.js";

const events = ["PreToolUse", "PostToolUse", "Stop", "SubagentStop", "SessionStart"];
const fields = ["type", "command", "timeout", "statusMessage", "cwd", "env"];
const tools = ["Bash", "Edit", "Write", "Read", "Grep", "Glob"];

describe("findClosestName", () => {
  it.each([
    ["a changed letter", "PreToolUze", events, "PreToolUse"],
    ["a missing letter", "comand", fields, "command"],
    ["an extra letter", "timeoutt", fields, "timeout"],
    ["two swapped letters", "tyep", fields, "type"],
    ["another case", "pretooluse", events, "PreToolUse"],
    ["two edits in a long name", "statusMesage_", fields, "statusMessage"],
    ["a tool name", "Bsh", tools, "Bash"],
    ["the first of a tie", "Bsah", ["Bash", "Bsa"], "Bash"],
    ["three edits", "PreToolXyz", events, null],
    ["two edits in a short name", "cmd", fields, "cwd"],
    ["too far for a short name", "xy", fields, null],
    ["nothing close", "matcher", fields, null],
    ["the name itself", "Stop", ["Stop"], null],
    ["no candidates", "Stop", [], null],
  ])("finds %s", (_, name, candidates, expected) => {
    expect(findClosestName(name, candidates)).toBe(expected);
  });
});

describe("suggestName", () => {
  it("says did you mean, or nothing", () => {
    expect(suggestName("PreToolUze", events)).toBe(' (did you mean "PreToolUse"?)');
    expect(suggestName("Unrelated", events)).toBe("");
  });
});
