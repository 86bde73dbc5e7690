import type { Profile } from "../../profiles/profile.js";
import { type DiscoveryOptions, discoverConfigFiles } from "../discover-config-files.js";
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
  // Layered discoverers are loaded only for the profiles that use them.
  if (profile.discovery === "claude") {
    const { discoverClaudeSources } = await import("./discover-claude-sources.js");
    return discoverClaudeSources(profile, options);
  }
  if (options.configFiles !== undefined || profile.discovery === "locations") {
    return { sources: discoverConfigFiles(profile, options), diagnostics: [], hooksEnabled: true };
  }
  const { discoverZerocodeSources } = await import("./discover-zerocode-sources.js");
  return discoverZerocodeSources(profile, options);
}
