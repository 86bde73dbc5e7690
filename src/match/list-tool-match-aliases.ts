import type { Profile } from "../profiles/profile.js";

const noAliases: readonly string[] = [];

/**
 * The other names a tool also matches as (`apply_patch` as `Edit` and `Write` in Codex), when the
 * event matches on the tool name; none otherwise. Own keys only: a tool named `constructor` has none.
 *
 * @example
 * ```ts
 * listToolMatchAliases(codexProfile, "tool_name", "apply_patch"); // ["Edit", "Write"]
 * ```
 */
export function listToolMatchAliases(
  profile: Profile,
  matchField: string | null,
  value: unknown,
): readonly string[] {
  if (matchField === null || matchField !== profile.toolNameField || typeof value !== "string") {
    return noAliases;
  }
  return Object.hasOwn(profile.toolMatchAliases, value)
    ? (profile.toolMatchAliases[value] ?? noAliases)
    : noAliases;
}
