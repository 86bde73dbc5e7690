import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatExactMatcher,
  formatRegexMatcher,
  type MatcherShape,
  parseExactMatcher,
  parseRegexMatcher,
} from "./matcher-shape.js";

describe("parseExactMatcher (Claude Code / Deep Agents syntax)", () => {
  it.each<[string | null, MatcherShape]>([
    [null, { kind: "all" }],
    ["", { kind: "all" }],
    ["*", { kind: "all" }],
    ["Bash", { kind: "names", names: ["Bash"] }],
    ["Edit|Write", { kind: "names", names: ["Edit", "Write"] }],
    ["mcp__github__create_issue", { kind: "names", names: ["mcp__github__create_issue"] }],
    ["mcp__.*", { kind: "regex", pattern: "mcp__.*" }],
    ["^Bash$", { kind: "regex", pattern: "^Bash$" }],
    ["general-purpose", { kind: "regex", pattern: "general-purpose" }],
  ])("%j", (matcher, shape) => {
    expect(parseExactMatcher(matcher)).toEqual(shape);
  });
});

describe("parseRegexMatcher (ZeroCode syntax)", () => {
  it.each<[string | null, MatcherShape, boolean]>([
    [null, { kind: "all" }, true],
    ["*", { kind: "all" }, true],
    ["^Bash$", { kind: "names", names: ["Bash"] }, true],
    ["^(Edit|Write)$", { kind: "names", names: ["Edit", "Write"] }, true],
    ["^(?:Edit|Write)$", { kind: "names", names: ["Edit", "Write"] }, true],
    ["^Edit$|^Write$", { kind: "names", names: ["Edit", "Write"] }, true],
    ["Bash", { kind: "names", names: ["Bash"] }, false],
    ["startup|resume", { kind: "names", names: ["startup", "resume"] }, false],
    ["mcp__filesystem__.*", { kind: "regex", pattern: "mcp__filesystem__.*" }, true],
    ["^Bash", { kind: "regex", pattern: "^Bash" }, true],
    ["^(Bash|mcp__.*)$", { kind: "regex", pattern: "^(Bash|mcp__.*)$" }, true],
  ])("%j", (matcher, shape, exact) => {
    expect(parseRegexMatcher(matcher)).toEqual({ shape, exact });
  });
});

describe("formatting", () => {
  it("anchors names for ZeroCode and lists them for Claude Code", () => {
    const names: MatcherShape = { kind: "names", names: ["Edit", "Write"] };
    expect(formatRegexMatcher(names)).toBe("^(Edit|Write)$");
    expect(formatRegexMatcher({ kind: "names", names: ["Bash"] })).toBe("^Bash$");
    expect(formatExactMatcher(names)).toBe("Edit|Write");
    expect(formatRegexMatcher({ kind: "regex", pattern: "mcp__.*" })).toBe("mcp__.*");
    expect(formatExactMatcher({ kind: "all" })).toBeNull();
  });

  it("reads back every name list it writes, in both syntaxes", () => {
    const name = fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 4 }), (names) => {
        const shape: MatcherShape = { kind: "names", names };
        expect(parseRegexMatcher(formatRegexMatcher(shape))).toEqual({ shape, exact: true });
        expect(parseExactMatcher(formatExactMatcher(shape))).toEqual(shape);
      }),
    );
  });
});
