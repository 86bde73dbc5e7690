import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchWildcard } from "./match-wildcard.js";

function matchWithRegExp(pattern: string, text: string): boolean {
  const body = pattern
    .split("*")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
    .join("[\\s\\S]*");
  return new RegExp(`^${body}$`).test(text);
}

describe("matchWildcard", () => {
  it.each([
    ["", "", true],
    ["", "a", false],
    ["*", "", true],
    ["*", "anything / at all", true],
    ["**", "x", true],
    ["a*", "a", true],
    ["a*", "ba", false],
    ["*a", "ba", true],
    ["a*a", "a", false],
    ["a*a", "aa", true],
    ["a*b*c", "abc", true],
    ["a*b*c", "acb", false],
    ["a*b*c", "a-b-b-c", true],
    ["ab*ba", "aba", false],
    ["a.c", "abc", false],
    ["a\\d", "a\\d", true],
  ])("%j against %j gives %s", (pattern, text, expected) => {
    expect(matchWildcard(pattern, text)).toBe(expected);
  });

  it("agrees with an anchored RegExp translation", () => {
    const alphabet = fc.constantFrom("a", "b", "*", ".", " ", "\n", "\\");
    const small = (maxLength: number) =>
      fc.array(alphabet, { maxLength }).map((characters) => characters.join(""));
    fc.assert(
      fc.property(small(8), small(12), (pattern, text) => {
        return matchWildcard(pattern, text) === matchWithRegExp(pattern, text);
      }),
      { numRuns: 2000 },
    );
  });

  // Backtracking over 31 stars and 50,000 characters would not finish within the test's timeout.
  it("answers on a pattern with many stars that would make a backtracking matcher hang", () => {
    expect(matchWildcard(`${"*a".repeat(30)}*b`, "a".repeat(50_000))).toBe(false);
  });
});
