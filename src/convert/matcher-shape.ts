/**
 * A matcher as a structure: everything, a list of exact names, or an unanchored regular
 * expression (every format here tests a regex with `RegExp.prototype.test`, unanchored).
 */
export type MatcherShape =
  | { kind: "all" }
  | { kind: "names"; names: readonly string[] }
  | { kind: "regex"; pattern: string };

const namePattern = "[A-Za-z0-9_]+";
const nameListPattern = new RegExp(`^${namePattern}(?:\\|${namePattern})*$`);
const anchoredNamePattern = new RegExp(`^\\^(${namePattern})\\$$`);
const anchoredGroupPattern = new RegExp(
  `^\\^\\((?:\\?:)?(${namePattern}(?:\\|${namePattern})*)\\)\\$$`,
);
const anchoredAlternativesPattern = new RegExp(
  `^\\^${namePattern}\\$(?:\\|\\^${namePattern}\\$)+$`,
);

/** Whether a matcher selects everything: omitted, `""` or `"*"`. */
export function isAllMatcher(matcher: string | null): boolean {
  return matcher === null || matcher === "" || matcher === "*";
}

/**
 * Reads a matcher in the Claude Code / Deep Agents syntax: names and `|` lists of names match
 * exactly, anything else is an unanchored regular expression.
 */
export function parseExactMatcher(matcher: string | null): MatcherShape {
  if (matcher === null || isAllMatcher(matcher)) return { kind: "all" };
  if (nameListPattern.test(matcher)) return { kind: "names", names: matcher.split("|") };
  return { kind: "regex", pattern: matcher };
}

/** Writes a shape in the Claude Code / Deep Agents syntax; null for everything. */
export function formatExactMatcher(shape: MatcherShape): string | null {
  if (shape.kind === "all") return null;
  if (shape.kind === "names") return shape.names.join("|");
  return shape.pattern;
}

/** A regex-syntax matcher read as a shape; `exact` is false for a bare name list (`Bash`). */
export interface RegexMatcherReading {
  shape: MatcherShape;
  /** False when a bare name list was read as exact names although, as a regex, it also matches longer names. */
  exact: boolean;
}

/**
 * Reads a matcher in the ZeroCode syntax, where every matcher is a regular expression: anchored
 * name lists (`^Bash$`, `^(Edit|Write)$`, `^Edit$|^Write$`) are exact names, a bare name list
 * (`Bash`) is read as names too but flagged, anything else stays a regular expression.
 */
export function parseRegexMatcher(matcher: string | null): RegexMatcherReading {
  if (matcher === null || isAllMatcher(matcher)) return { shape: { kind: "all" }, exact: true };
  const single = anchoredNamePattern.exec(matcher);
  if (single?.[1] !== undefined)
    return { shape: { kind: "names", names: [single[1]] }, exact: true };
  const group = anchoredGroupPattern.exec(matcher);
  if (group?.[1] !== undefined) {
    return { shape: { kind: "names", names: group[1].split("|") }, exact: true };
  }
  if (anchoredAlternativesPattern.test(matcher)) {
    const names = matcher.split("|").map((part) => part.slice(1, -1));
    return { shape: { kind: "names", names }, exact: true };
  }
  if (nameListPattern.test(matcher)) {
    return { shape: { kind: "names", names: matcher.split("|") }, exact: false };
  }
  return { shape: { kind: "regex", pattern: matcher }, exact: true };
}

/** Writes a shape in the ZeroCode syntax: names anchored (`^Bash$`, `^(Edit|Write)$`). */
export function formatRegexMatcher(shape: MatcherShape): string | null {
  if (shape.kind === "all") return null;
  if (shape.kind === "regex") return shape.pattern;
  const [first, ...rest] = shape.names;
  return rest.length === 0 ? `^${first}$` : `^(${shape.names.join("|")})$`;
}

/** Whether a pattern compiles as a JavaScript regular expression. */
export function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
