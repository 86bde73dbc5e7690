import type { Profile } from "./profile.js";

/**
 * The dialect a profile's own configuration is written in: that of its first `configLocations`
 * entry, else the profile's name (a file given without a location, managed settings, a skill's
 * frontmatter).
 *
 * @example
 * ```ts
 * selectProfileDialect(claudeProfile); // "claude"
 * ```
 */
export function selectProfileDialect(profile: Profile): string {
  return profile.configLocations[0]?.dialect ?? profile.name;
}
