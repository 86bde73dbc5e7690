import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileMatcher } from "./compile-matcher.js";
import { findUnsafePattern } from "./find-unsafe-pattern.js";

describe("findUnsafePattern", () => {
  it.each([
    ["(a+)+$", "a quantifier is nested inside a repeated group, or there are too many quantifiers"],
    [
      "(.*a){20}",
      "a quantifier is nested inside a repeated group, or there are too many quantifiers",
    ],
    ["(a*)*b", "a quantifier is nested inside a repeated group, or there are too many quantifiers"],
    [
      "([a-z]+)*$",
      "a quantifier is nested inside a repeated group, or there are too many quantifiers",
    ],
    ["(a|aa)+$", "a repeated group holds an alternation"],
    ["^(a|ab|b)*c$", "a repeated group holds an alternation"],
    ["(?:Edit|Write){2,}", "a repeated group holds an alternation"],
    ["((a|b)c)+", "a repeated group holds an alternation"],
  ])("flags %s", (pattern, reason) => {
    expect(findUnsafePattern(pattern)).toBe(reason);
  });

  it.each([
    "mcp__.*",
    "Edit|Write",
    "^Bash$",
    "^(Edit|Write)$",
    "(Edit|Write){2}",
    "mcp__(github|gitlab)__.*",
    "[(|)+]+",
    "\\(a|b\\)+",
    "Notebook.*Edit",
  ])("accepts %s", (pattern) => {
    expect(findUnsafePattern(pattern)).toBeNull();
  });
});

describe("compileMatcher with unsafe and oversized expressions", () => {
  it("refuses a catastrophic matcher with matcher_unsafe, before it is ever run", () => {
    expect(compileMatcher("(a|aa)+$", "regex")).toEqual({
      ok: false,
      code: "matcher_unsafe",
      error:
        'Matcher "(a|aa)+$" could take exponential time to match (a repeated group holds an alternation)',
    });
  });

  it("refuses every member of the catastrophic families, whatever the atom and count", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("a", "[a-z]", "\\w", ".", "(?:ab)"),
        fc.integer({ min: 2, max: 60 }),
        fc.constantFrom("names-or-regex" as const, "regex" as const),
        (atom, count, syntax) => {
          for (const pattern of [
            `(${atom}+)+$`,
            `(${atom}|${atom}${atom})+$`,
            `(.*${atom}){${count}}`,
            `(${atom}*)*x`,
          ]) {
            const compiled = compileMatcher(pattern, syntax);
            expect(compiled.ok ? "compiled" : compiled.code).toBe("matcher_unsafe");
          }
        },
      ),
    );
  });

  // Regression: V8 compiles lazily, so a pattern too large to compile used to load and then
  // throw "Regular expression too large" from the first dispatch that tested it.
  it("refuses a pattern too large to compile at load, instead of throwing at the first match", () => {
    const compiled = compileMatcher(`(${"x".repeat(60_000)})|.*`, "regex");
    expect(compiled.ok ? "compiled" : compiled.code).toBe("invalid_matcher");
    expect(compiled.ok ? "" : compiled.error).toMatch(/cannot be compiled: .*too large/);
  });
});
