import type { Profile } from "../profiles/profile.js";
import type { CompiledMatcher } from "./compile-matcher.js";

/** A matcher written as a permission rule (`Bash(git push*)`): the tool it names and the rule. */
export interface PermissionRuleMatcher {
  tool: string;
  rule: string;
}

const rulePattern = /^\s*([A-Za-z_][A-Za-z0-9_]*)\((.+)\)\s*$/s;

/**
 * The tool a matcher names when it is shaped like a permission rule (`Bash(git push*)`,
 * `Read(./secrets/**)`) and so, read as a name or regular expression, never matches that tool
 * (`compiled` null: it does not even compile); or null. A `Name(…)` counts when the name is a tool the profile knows or the parentheses hold more
 * than names and `|` (a regex group such as `mcp__github__(create_issue|update_issue)` does not).
 *
 * @example
 * findPermissionRuleMatcher("Bash(git push*)", compiled, claudeProfile); // { tool: "Bash", rule: "Bash(git push*)" }
 */
export function findPermissionRuleMatcher(
  matcher: string,
  compiled: CompiledMatcher | null,
  profile: Profile,
): PermissionRuleMatcher | null {
  const match = rulePattern.exec(matcher);
  const tool = match?.[1];
  const inside = match?.[2];
  if (tool === undefined || inside === undefined || compiled?.test(tool) === true) return null;
  const known =
    profile.commandTools.includes(tool) ||
    Object.entries(profile.toolNameAliases).some((names) => names.includes(tool)) ||
    Object.entries(profile.toolMatchAliases).some(
      ([name, aliases]) => name === tool || aliases.includes(tool),
    );
  if (!known && /^[\w|]+$/.test(inside)) return null;
  return { tool, rule: matcher.trim() };
}
