import { describe, expect, it } from "vitest";
import { findConfiguredCode } from "./find-configured-code.js";
import { literal } from "./read-command-option.js";

const context = { home: "/home/me", directories: ["/repo"], observing: false };
const words = (...texts: string[]) => texts.map((text) => literal(text, text));

describe("findConfiguredCode", () => {
  it.each([
    [["git", "status"], [{ certain: false, role: "code", word: "git status" }]],
    [["git", "rev-parse", "--show-toplevel"], []],
    [["jq", "."], [{ certain: true, file: "/home/me/.jq", observed: true }]],
    [["python3", "x.py"], []],
    [[".venv/bin/python", "x.py"], [{ certain: false, role: "code" }]],
    [["/usr/bin/python3", "x.py"], []],
    [["ls", "-l"], []],
  ])("%j → %j", (command, expected) => {
    const [program = ""] = command;
    const name = program.split("/").pop() ?? "";
    const found = findConfiguredCode(name, program, words(...command), context);
    expect(found).toHaveLength(expected.length);
    for (const [index, each] of expected.entries()) expect(found[index]).toMatchObject(each);
  });
});
