import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CompiledMatcher, compileMatcher } from "./compile-matcher.js";

function compileOrFail(matcher: string | null | undefined): CompiledMatcher {
  const compilation = compileMatcher(matcher);
  if (!compilation.ok) {
    throw new Error(compilation.error);
  }
  return compilation.matcher;
}

const simpleName = fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/);

describe("compileMatcher", () => {
  it.each([
    [undefined, "all"],
    [null, "all"],
    ["", "all"],
    ["*", "all"],
    ["Bash", "exact"],
    ["mcp__github__create_issue", "exact"],
    ["startup", "exact"],
    ["123", "exact"],
    ["Edit|Write", "alternation"],
    ["startup|resume|clear", "alternation"],
    ["mcp__.*", "regex"],
    ["^Notebook", "regex"],
    ["Edit|mcp__.*", "regex"],
    ["Edit|", "regex"],
    ["|Edit", "regex"],
    ["Edit||Write", "regex"],
    [" Bash", "regex"],
    ["Bash.*", "regex"],
    ["mcp-server", "regex"],
  ] as const)("reads %j as a %s matcher", (matcher, kind) => {
    const compiled = compileOrFail(matcher);
    expect(compiled.kind).toBe(kind);
    expect(compiled.source).toBe(matcher ?? null);
  });

  it.each([
    // matcher, value, expected
    [undefined, "Bash", true],
    [undefined, undefined, true],
    [undefined, "", true],
    [null, "anything at all", true],
    [null, undefined, true],
    ["", "Write", true],
    ["", undefined, true],
    ["*", "Write", true],
    ["*", undefined, true],
    ["*", "", true],
    ["Bash", "Bash", true],
    ["Bash", "BashOutput", false],
    ["Bash", "MyBash", false],
    ["Bash", "bash", false],
    ["Bash", "", false],
    ["Bash", undefined, false],
    ["Bash", " Bash", false],
    ["Edit", "NotebookEdit", false],
    ["Edit", "MultiEdit", false],
    ["Edit|Write", "Edit", true],
    ["Edit|Write", "Write", true],
    ["Edit|Write", "MultiEdit", false],
    ["Edit|Write", "Edit|Write", false],
    ["Edit|Write", "WriteFile", false],
    ["Edit|Write", "", false],
    ["Edit|Write", undefined, false],
    ["startup|resume", "resume", true],
    ["startup|resume", "clear", false],
    ["startup|resume", "startup ", false],
    ["mcp__.*", "mcp__github__x", true],
    ["mcp__.*", "mcp__", true],
    ["mcp__.*", "x_mcp__y", true],
    ["mcp__.*", "mcp_github", false],
    ["mcp__.*", undefined, false],
    ["^Notebook", "NotebookEdit", true],
    ["^Notebook", "NotebookRead", true],
    ["^Notebook", "MyNotebook", false],
    ["Edit$", "NotebookEdit", true],
    ["Edit$", "EditFile", false],
    ["^(Edit|Write)$", "Write", true],
    ["^(Edit|Write)$", "MultiEdit", false],
    ["Edit|mcp__.*", "NotebookEdit", true],
    ["Edit|mcp__.*", "mcp__fs__read", true],
    ["Edit|mcp__.*", "Read", false],
    [".*", "", true],
    [".*", undefined, false],
    ["Notebook.*", "NotebookEdit", true],
    ["[Bb]ash", "bash", true],
    ["[Bb]ash", "Bash", true],
    ["[Bb]ash", "BASH", false],
  ] as const)("%j tested against %j gives %s", (matcher, value, expected) => {
    expect(compileOrFail(matcher).test(value)).toBe(expected);
  });

  it.each([["("], ["[unclosed"], ["Edit|("], ["*Bash"], ["**"], ["a{2,1}"], ["(?<name"], ["\\"]])(
    "rejects the invalid regular expression %j with the JavaScript error text",
    (matcher) => {
      const compilation = compileMatcher(matcher);
      expect(compilation.ok).toBe(false);
      if (compilation.ok) {
        return;
      }
      let jsError = "";
      try {
        new RegExp(matcher);
      } catch (error) {
        jsError = (error as Error).message;
      }
      expect(jsError).not.toBe("");
      expect(compilation.error).toContain(jsError);
      expect(compilation.error).toContain(matcher);
    },
  );

  it("compiles a regular expression once and gives repeatable answers", () => {
    const matcher = compileOrFail("mcp__.*");
    const answers = ["mcp__a", "mcp__b", "Bash", "mcp__c"].map((value) => matcher.test(value));
    expect(answers).toEqual([true, true, false, true]);
    expect(["mcp__a", "mcp__b"].map((value) => matcher.test(value))).toEqual([true, true]);
  });

  it("never matches a different string with an exact name", () => {
    fc.assert(
      fc.property(simpleName, fc.string(), (name, value) => {
        fc.pre(value !== name);
        const matcher = compileOrFail(name);
        return matcher.kind === "exact" && matcher.test(name) && !matcher.test(value);
      }),
    );
  });

  it("matches exactly the listed names with an alternation", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(simpleName, { minLength: 2, maxLength: 6 }),
        fc.oneof(simpleName, fc.string()),
        (names, value) => {
          const matcher = compileOrFail(names.join("|"));
          return (
            matcher.kind === "alternation" &&
            names.every((name) => matcher.test(name)) &&
            matcher.test(value) === names.includes(value) &&
            !matcher.test(undefined)
          );
        },
      ),
    );
  });
});

describe("compileMatcher with the literal-names syntax", () => {
  it.each([
    [".envrc", ".envrc", true],
    [".envrc", "xenvrc", false],
    [".envrc|.env", ".env", true],
    [".envrc|.env", "a.env", false],
    ["package.json|tsconfig.json", "package.json", true],
    ["package.json|tsconfig.json", "packageXjson", false],
    ["(a|b)", "(a", true],
    ["(a|b)", "a", false],
  ])("reads %s as literal names: %s → %s", (matcher, value, expected) => {
    const compiled = compileMatcher(matcher, "literal-names");
    expect(compiled.ok && compiled.matcher.test(value)).toBe(expected);
  });
});

describe("compileMatcher with the regex syntax", () => {
  it.each([
    ["Bash", "Bash", true],
    ["Bash", "BashOutput", true],
    ["^Bash$", "BashOutput", false],
    ["Edit|Write", "NotebookEdit", true],
    ["^(Edit|Write)$", "Write", true],
    ["mcp__fs__.*", "mcp__fs__read", true],
    ["*", undefined, true],
    ["", "anything", true],
  ] as const)("%s tested on %s is %s", (matcher, value, expected) => {
    const compiled = compileMatcher(matcher, "regex");
    expect(compiled.ok && compiled.matcher.test(value)).toBe(expected);
  });

  it("reports a pattern that does not compile", () => {
    expect(compileMatcher("(", "regex").ok).toBe(false);
  });
});
