// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${…}` is the header variable syntax of http handlers, not a template.
import { describe, expect, it } from "vitest";
import { interpolateHeaderValue } from "./interpolate-header-value.js";

const env = { TOKEN: "abc", TEAM: "core", HOME: "/home/me", EMPTY: "" };

describe("interpolateHeaderValue", () => {
  it.each([
    ["Bearer $TOKEN", ["TOKEN"], "Bearer abc"],
    ["Bearer ${TOKEN}", ["TOKEN"], "Bearer abc"],
    ["${TEAM}-$TOKEN", ["TOKEN", "TEAM"], "core-abc"],
    ["$TOKEN_SUFFIX", ["TOKEN"], ""],
    ["${TOKEN}_SUFFIX", ["TOKEN"], "abc_SUFFIX"],
    ["$HOME", ["TOKEN"], ""],
    ["${HOME}", [], ""],
    ["$MISSING", ["MISSING"], ""],
    ["[$EMPTY]", ["EMPTY"], "[]"],
    ["$constructor", ["constructor"], ""],
    ["costs $5 or ${} or $", ["TOKEN"], "costs $5 or ${} or $"],
    ["plain", [], "plain"],
  ])("%s with %j becomes %j", (value, allowed, expected) => {
    expect(interpolateHeaderValue(value, allowed, env)).toBe(expected);
  });
});
