import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";
import { formatTomlKey } from "./format-toml-key.js";

describe("formatTomlKey", () => {
  it.each([
    ["bare_key-1", "bare_key-1"],
    ["/repo", '"/repo"'],
    ['a"b\\c', '"a\\"b\\\\c"'],
    ["line\nbreak", '"line\\u000abreak"'],
  ])("%j → %s", (key, expected) => {
    expect(formatTomlKey(key)).toBe(expected);
  });
});

describe("formatTomlKey keys parse back", () => {
  it.each(["/home/me/repo", "/a b/c", '/a"b', "C:\\x\\y", "/tab\there", "é ü", "\u007f"])(
    "%j",
    (key) => {
      expect(Object.keys(parse(`${formatTomlKey(key)} = 1\n`))).toEqual([key]);
    },
  );
});
