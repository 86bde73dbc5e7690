import { findUnsafePattern } from "./find-unsafe-pattern.js";

/** A matcher compiled once at config load; `test` decides whether a payload value is selected. */
export type CompiledMatcher = {
  /** How the matcher was read: match everything, one exact name, a set of names, or a RegExp. */
  readonly kind: "all" | "exact" | "alternation" | "regex";
  /** The matcher as written, or null when it was omitted. */
  readonly source: string | null;
  /** Whether `value` (the event's match field, possibly missing) is selected. */
  test(value: string | undefined): boolean;
};

/** The result of compiling a matcher: the matcher, or why it cannot be used. */
export type MatcherCompilation =
  | { ok: true; matcher: CompiledMatcher }
  | { ok: false; code: "invalid_matcher" | "matcher_unsafe"; error: string };

const simpleNamePattern = /^[A-Za-z0-9_]+$/;
const alternationPattern = /^[A-Za-z0-9_]+(\|[A-Za-z0-9_]+)+$/;

/**
 * How a profile (or one event) reads matchers: names and alternations exactly (`names-or-regex`),
 * always as a RegExp, or as `|`-separated literal names, never a RegExp
 * (`literal-names`: Claude Code's FileChanged, `.envrc|.env`).
 */
export type MatcherSyntax = "names-or-regex" | "regex" | "literal-names";

/**
 * Compiles a hook matcher: omitted, `""` or `"*"` match all; with the `names-or-regex` syntax names
 * and alternations of names match exactly; anything else is an unanchored RegExp. With
 * `literal-names`, every `|`-separated part is a name matched exactly.
 */
export function compileMatcher(
  matcher: string | null | undefined,
  syntax: MatcherSyntax = "names-or-regex",
): MatcherCompilation {
  const source = matcher ?? null;
  if (source === null || isMatchAllMatcher(source)) {
    return success({ kind: "all", source, test: () => true });
  }
  if (syntax === "literal-names") {
    const names = new Set(source.split("|"));
    if (names.size === 1)
      return success({ kind: "exact", source, test: (value) => value === source });
    return success({
      kind: "alternation",
      source,
      test: (value) => value !== undefined && names.has(value),
    });
  }
  if (syntax !== "regex" && simpleNamePattern.test(source)) {
    return success({ kind: "exact", source, test: (value) => value === source });
  }
  if (syntax !== "regex" && alternationPattern.test(source)) {
    const names = new Set(source.split("|"));
    return success({
      kind: "alternation",
      source,
      test: (value) => value !== undefined && names.has(value),
    });
  }
  let expression: RegExp;
  try {
    expression = new RegExp(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      code: "invalid_matcher",
      error: `Matcher "${source}" is not a valid regular expression: ${reason}`,
    };
  }
  // Refused before it can ever run: one such matcher could hang every dispatch of its event.
  const unsafe = findUnsafePattern(source);
  if (unsafe !== null) {
    return {
      ok: false,
      code: "matcher_unsafe",
      error: `Matcher "${source}" could take exponential time to match (${unsafe})`,
    };
  }
  // V8 compiles an expression on its first match, once per string width; a pattern too large to
  // compile only fails then, so both widths are compiled here, at load, on empty-ish text.
  try {
    expression.test("");
    expression.test("\u0100");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      code: "invalid_matcher",
      error: `Matcher "${source}" cannot be compiled: ${reason}`,
    };
  }
  return success({
    kind: "regex",
    source,
    test: (value) => value !== undefined && testSafely(expression, value),
  });
}

/** Whether a matcher as written selects everything: omitted, `""` or `"*"`. */
export function isMatchAllMatcher(matcher: string | null | undefined): boolean {
  return matcher === null || matcher === undefined || matcher === "" || matcher === "*";
}

// A match that still fails (the engine's backtracking stack) selects nothing rather than throw.
function testSafely(expression: RegExp, value: string): boolean {
  try {
    return expression.test(value);
  } catch {
    return false;
  }
}

function success(matcher: CompiledMatcher): MatcherCompilation {
  return { ok: true, matcher: Object.freeze(matcher) };
}
