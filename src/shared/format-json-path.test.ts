import { describe, expect, it } from "vitest";
import { formatJsonPath } from "./format-json-path.js";

describe("formatJsonPath", () => {
  it.each([
    [[], ""],
    [["hooks"], "hooks"],
    [["hooks", "PreToolUse", 1, "matcher"], "hooks.PreToolUse[1].matcher"],
    [["hooks", "PreToolUse", 0, "hooks", 2, "timeout"], "hooks.PreToolUse[0].hooks[2].timeout"],
    [["hooks", "Pre Tool", 0], 'hooks["Pre Tool"][0]'],
    [["$schema"], "$schema"],
    [[0, "a-b"], '[0]["a-b"]'],
  ] as const)("%j → %s", (segments, expected) => {
    expect(formatJsonPath(segments)).toBe(expected);
  });
});
