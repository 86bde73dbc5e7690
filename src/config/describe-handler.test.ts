import { describe, expect, it } from "vitest";
import { describeHandler, describeHandlerLocation } from "./describe-handler.js";

const longPath = `/home/me/${"projects/".repeat(10)}hooks/guard.mjs`;

describe("describeHandler", () => {
  it.each([
    ["keeps a short command whole", "./guard.sh", 'PreToolUse hook "./guard.sh"'],
    [
      "joins an argument list with spaces",
      ["node", "guard.mjs"],
      'PreToolUse hook "node guard.mjs"',
    ],
    [
      "quotes an argument that the shell would split or expand",
      ["bash", "my hooks/a.sh", "$HOME"],
      `PreToolUse hook "bash 'my hooks/a.sh' '$HOME'"`,
    ],
    ["keeps 80 characters whole", "x".repeat(80), `PreToolUse hook "${"x".repeat(80)}"`],
    [
      "cuts 81 characters to 80 in the middle",
      `${"a".repeat(40)}${"b".repeat(41)}`,
      `PreToolUse hook "${"a".repeat(38)}...${"b".repeat(39)}"`,
    ],
    [
      "keeps the program, script name and arguments of a long command",
      `node ${longPath} --strict`,
      'PreToolUse hook "node /home/me/projects/projects/projec...jects/projects/hooks/guard.mjs --strict"',
    ],
    [
      "cuts a long argument list like a string",
      ["node", longPath, "--strict"],
      'PreToolUse hook "node /home/me/projects/projects/projec...jects/projects/hooks/guard.mjs --strict"',
    ],
    [
      "never splits a surrogate pair",
      "😀".repeat(81),
      `PreToolUse hook "${"😀".repeat(38)}...${"😀".repeat(39)}"`,
    ],
  ] as const)("%s", (_name, command, label) => {
    const hook = {
      event: "PreToolUse",
      command: typeof command === "string" ? command : [...command],
    };
    expect(describeHandler(hook)).toBe(label);
  });
});

describe("describeHandlerLocation", () => {
  it("names the file and the JSON path", () => {
    expect(
      describeHandlerLocation({
        file: "/home/me/hooks.json",
        path: "hooks.PreToolUse[0].hooks[1]",
      }),
    ).toBe("(/home/me/hooks.json hooks.PreToolUse[0].hooks[1])");
  });
});
