import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fuzzParameters } from "../../test/fixtures/fuzz/fuzz-runs.js";
import { parseShellScript } from "./parse-shell-script.js";
import { quoteShellWord } from "./quote-shell-word.js";
import { readStaticAssignments } from "./read-static-assignments.js";

function read(source: string): [string, string][] | string {
  const parsed = parseShellScript(source, "bash");
  if (!parsed.ok) throw new Error(parsed.error);
  const [statement, ...others] = parsed.script.statements;
  if (statement === undefined || others.length > 0) throw new Error("one statement expected");
  return readStaticAssignments(statement, source);
}

describe("readStaticAssignments", () => {
  it.each([
    ["export A=b", [["A", "b"]]],
    [
      `export A="b c" B='d'`,
      [
        ["A", "b c"],
        ["B", "d"],
      ],
    ],
    [
      "A=b C=",
      [
        ["A", "b"],
        ["C", ""],
      ],
    ],
    ["A=a\\ b", [["A", "a b"]]],
    [`A="x\\"y\\$z"`, [["A", 'x"y$z']]],
    ["A=$'one\\ntwo'", [["A", "one\ntwo"]]],
    ["export NAME", []],
    ["export NAME=NAME", [["NAME", "NAME"]]],
  ])("reads %j", (source, expected) => {
    expect(read(source)).toEqual(expected);
  });

  it.each([
    ["A=$HOME", "expansion or substitution"],
    ["A=$(id)", "expansion or substitution"],
    ["A=$'\\x41'", "expansion or substitution"],
    ["A+=b", "appends to A"],
    ["A=(b c)", "an array"],
    ["A=b env", "runs a command"],
    ["echo hi", "runs a command"],
    ["A=b > f", "a redirection"],
    ["A=b &", "is not an assignment"],
  ])("does not read %j", (source, reason) => {
    expect(read(source)).toEqual(expect.stringContaining(reason));
  });

  it("reads back any value quoted by quoteShellWord", () => {
    const value = fc
      .string({ unit: "binary", maxLength: 16 })
      .filter((text) => !text.includes("\0"));
    fc.assert(
      fc.property(value, (text) => {
        expect(read(`export A=${quoteShellWord(text)}`)).toEqual([["A", text]]);
      }),
      fuzzParameters(100),
    );
  });
});
