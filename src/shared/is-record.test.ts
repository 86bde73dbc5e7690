import { describe, expect, it } from "vitest";
import { isRecord } from "./is-record.js";

describe("isRecord", () => {
  it.each([
    ["an object", {}, true],
    ["a parsed JSON object", JSON.parse('{"__proto__": 1}'), true],
    ["an object without a prototype", Object.create(null), true],
    ["an array", [], false],
    ["null", null, false],
    ["a string", "{}", false],
    ["a number", 1, false],
    ["undefined", undefined, false],
    ["a date (TOML)", new Date(0), false],
    ["a function", () => ({}), false],
  ])("%s → %s", (_name, value, expected) => {
    expect(isRecord(value)).toBe(expected);
  });
});
