import type { Profile } from "../../profiles/profile.js";
import { type DiscoveryOptions, discoverConfigFiles } from "../discover-config-files.js";
import { discoverClaudeSources } from "./discover-claude-sources.js";
import { discoverZerocodeSources } from "./discover-zerocode-sources.js";
import type { DiscoveredSources } from "./discovered-sources.js";

/**
 * Finds a profile's hook sources: explicit `configFiles` replace discovery for every profile;
 * otherwise the profile's `discovery` says how (`locations` or ZeroCode's layers). Claude Code
 * settings are always read by their own discoverer (JSONC, `disableAllHooks`, managed settings).
 */
export async function discoverHookSources(
  profile: Profile,
  options: DiscoveryOptions,
): Promise<DiscoveredSources> {
  if (profile.discovery === "claude") return discoverClaudeSources(profile, options);
  if (options.configFiles !== undefined || profile.discovery === "locations") {
    return { sources: discoverConfigFiles(profile, options), diagnostics: [], hooksEnabled: true };
  }
  return discoverZerocodeSources(profile, options);
}
