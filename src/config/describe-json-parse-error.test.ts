import { printParseErrorCode } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { describeJsonParseError, jsonParseErrorWords } from "./describe-json-parse-error.js";

describe("describeJsonParseError", () => {
  // ParseErrorCode runs from 1 to 16; every code has words of its own, never its code name.
  const codes = Array.from({ length: 16 }, (_, index) => printParseErrorCode(index + 1));

  it.each(codes)("says %s in words", (name) => {
    const words = describeJsonParseError("{}", 0, name);
    expect(words).not.toContain(name);
    expect(words).toBe(
      `${jsonParseErrorWords[name as keyof typeof jsonParseErrorWords]} at line 1, column 1`,
    );
  });

  it("gives each code different words", () => {
    expect(new Set(Object.values(jsonParseErrorWords)).size).toBe(codes.length);
  });

  it.each([
    ["the first character", "x", 0, "line 1, column 1"],
    ["the middle of a line", '{"a": 1 "b": 2}', 8, "line 1, column 9"],
    ["a later line", '{\n  "a": 1\n  "b": 2\n}', 13, "line 3, column 3"],
  ])("locates an error at %s", (_, text, offset, where) => {
    expect(describeJsonParseError(text, offset, "CommaExpected")).toBe(
      `expected a comma at ${where}`,
    );
  });

  it("names a code it does not know rather than hide it", () => {
    expect(describeJsonParseError("", 0, "<unknown ParseErrorCode>")).toBe(
      "a syntax error (<unknown ParseErrorCode>) at line 1, column 1",
    );
  });
});
