import type { ToolNameRules } from "./hook-format.js";

/** A tool name a matcher list was rewritten from, and the public names written instead. */
export interface ToolNameChange {
  from: string;
  to: readonly string[];
  /** `renamed`: an internal or format-specific name; `widened`: a name the format matches together with others. */
  reason: "renamed" | "widened";
}

/**
 * Rewrites a matcher's tool names from a format's own names to public ones: internal names
 * (`execute` → `Bash`), a grouped tool (`apply_patch` → `Edit`, `Write`), and one name of a group
 * (ZeroCode's `Edit` also matches `Write`, so it becomes `Edit`, `Write`).
 */
export function translateNamesToPublic(
  names: readonly string[],
  rules: ToolNameRules,
): { names: string[]; changes: ToolNameChange[] } {
  const result: string[] = [];
  const changes: ToolNameChange[] = [];
  for (const name of names) {
    // Own keys only: a matcher may name `__proto__` or `constructor`.
    const grouped = Object.hasOwn(rules.groupedNames, name) ? rules.groupedNames[name] : undefined;
    const group = Object.values(rules.groupedNames).find((aliases) => aliases.includes(name));
    const internal = Object.hasOwn(rules.internalNames, name)
      ? rules.internalNames[name]
      : undefined;
    if (grouped !== undefined) {
      result.push(...grouped);
      changes.push({ from: name, to: grouped, reason: "renamed" });
    } else if (group !== undefined && group.length > 1) {
      result.push(...group);
      changes.push({ from: name, to: group, reason: "widened" });
    } else if (internal !== undefined) {
      result.push(internal);
      changes.push({ from: name, to: [internal], reason: "renamed" });
    } else {
      result.push(name);
    }
  }
  return { names: [...new Set(result)], changes };
}

/**
 * Rewrites public tool names to a format's grouped tools where every name of the group is listed
 * (`Edit|Write` → `apply_patch` for ZeroCode); other names stay.
 */
export function translateNamesToFormat(names: readonly string[], rules: ToolNameRules): string[] {
  let result = [...names];
  for (const [tool, aliases] of Object.entries(rules.groupedNames)) {
    if (!aliases.every((alias) => result.includes(alias))) continue;
    const position = result.findIndex((name) => aliases.includes(name));
    result = result.filter((name) => !aliases.includes(name));
    result.splice(position, 0, tool);
  }
  return result;
}

/** A grouped tool only some of whose public names a matcher selects (ZeroCode's `Edit` without `Write`). */
export interface PartialToolGroup {
  tool: string;
  listed: readonly string[];
  missing: readonly string[];
}

/**
 * Grouped tools a matcher selects only in part: the format matches such a tool whenever its name
 * or any of its public names is selected, so it fires for the names left out too.
 */
export function findPartialToolGroups(
  selects: (name: string) => boolean,
  rules: ToolNameRules,
): PartialToolGroup[] {
  const partial: PartialToolGroup[] = [];
  for (const [tool, aliases] of Object.entries(rules.groupedNames)) {
    const listed = aliases.filter(selects);
    if ((selects(tool) || listed.length > 0) && listed.length < aliases.length) {
      partial.push({ tool, listed, missing: aliases.filter((alias) => !listed.includes(alias)) });
    }
  }
  return partial;
}

/**
 * Whether a regular expression cannot be carried to other formats as is: it names one of the
 * format's internal tools (`execute`), selects a grouped tool differently from its public
 * names (`apply_.*` selects `apply_patch` but neither `Edit` nor `Write`), or, where matchers see
 * only internal names, selects one without its public name (Gemini CLI's `run_.*`).
 */
export function mentionsFormatToolNames(pattern: string, rules: ToolNameRules): boolean {
  const words = pattern.match(/[A-Za-z0-9_]+/g) ?? [];
  if (words.some((word) => Object.hasOwn(rules.internalNames, word))) return true;
  const expression = new RegExp(pattern);
  // Where matchers see only internal names, a pattern selecting one but not its public name.
  const internalOnly =
    rules.matchesInternalNames === true &&
    Object.entries(rules.internalNames).some(
      ([own, publicName]) => expression.test(own) && !expression.test(publicName),
    );
  if (internalOnly) return true;
  return findPartialToolGroups((name) => expression.test(name), rules).length > 0;
}
