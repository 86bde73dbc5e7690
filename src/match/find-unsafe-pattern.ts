import { createRequire } from "node:module";
import type SafeRegex from "safe-regex2";

// Loaded on the first regular-expression matcher: names and `a|b` lists never need it, and a
// cold start (agent-hooks dispatch) skips it.
let safeRegex: typeof SafeRegex | undefined;
const loadSafeRegex = (): typeof SafeRegex => {
  safeRegex ??= createRequire(import.meta.url)("safe-regex2") as typeof SafeRegex;
  return safeRegex;
};

/**
 * Why a regular expression could backtrack exponentially, or null when it looks safe: a
 * quantifier nested in a repeated group (`(a+)+$`, `(.*a){20}`, found by `safe-regex2`), too many
 * quantifiers, or a repeated group holding an alternation (`(a|aa)+$`, which `safe-regex2` does
 * not see). The check reads the pattern only; it never runs it.
 *
 * @example
 * ```ts
 * findUnsafePattern("mcp__.*"); // null
 * findUnsafePattern("(a|aa)+$"); // "a repeated group holds an alternation"
 * ```
 */
export function findUnsafePattern(source: string): string | null {
  if (!loadSafeRegex()(source))
    return "a quantifier is nested inside a repeated group, or there are too many quantifiers";
  if (hasRepeatedAlternation(source)) return "a repeated group holds an alternation";
  return null;
}

/** Whether a group containing `|` is followed by `*`, `+` or an open or wide `{n,m}`. */
function hasRepeatedAlternation(source: string): boolean {
  // One flag per open group: whether a `|` sits directly or deeper inside it.
  const open: boolean[] = [];
  let inClass = false;
  for (let index = 0; index < source.length; index += 1) {
    const character = source[index];
    if (character === "\\") {
      index += 1;
      continue;
    }
    if (inClass) {
      if (character === "]") inClass = false;
      continue;
    }
    if (character === "[") inClass = true;
    else if (character === "(") open.push(false);
    else if (character === "|" && open.length > 0) open[open.length - 1] = true;
    else if (character === ")") {
      const alternates = open.pop() ?? false;
      if (alternates && open.length > 0) open[open.length - 1] = true;
      if (alternates && isRepetition(source, index + 1)) return true;
    }
  }
  return false;
}

const boundedRepetition = /^\{(\d+)(?:,(\d*))?\}/;

function isRepetition(source: string, index: number): boolean {
  const next = source[index];
  if (next === "*" || next === "+") return true;
  if (next !== "{") return false;
  const found = boundedRepetition.exec(source.slice(index, index + 24));
  if (found === null) return false;
  const upper = found[2];
  // `{n}` repeats a fixed count; `{n,}` and `{n,m}` with m > n let the alternatives trade places.
  return upper !== undefined && (upper === "" || Number(upper) > Number(found[1]));
}
