import type { Profile } from "../../profiles/profile.js";
import { type DiscoveryOptions, discoverConfigFiles } from "../discover-config-files.js";
import type { DiscoveredSources } from "./discovered-sources.js";

/**
 * Finds a profile's hook sources: explicit `configFiles` replace discovery for every profile;
 * otherwise the profile's `discovery` says how (`locations` or the `layered-walk`). Settings read
 * `managed-then-locations` always go through their own discoverer (JSONC, `disableAllHooks`, managed settings).
 */
export async function discoverHookSources(
  profile: Profile,
  options: DiscoveryOptions,
): Promise<DiscoveredSources> {
  // Layered discoverers are loaded only for the profiles that use them.
  const { discovery } = profile;
  if (discovery === "managed-then-locations") {
    const { discoverClaudeSources } = await import("./discover-claude-sources.js");
    return discoverClaudeSources(profile, options);
  }
  if (options.configFiles !== undefined || discovery === "locations") {
    return { sources: discoverConfigFiles(profile, options), diagnostics: [], hooksEnabled: true };
  }
  const { discoverZerocodeSources } = await import("./discover-zerocode-sources.js");
  return discoverZerocodeSources(profile, options);
}
