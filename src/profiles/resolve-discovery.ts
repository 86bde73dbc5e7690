import type { Profile } from "./profile.js";

/** How a profile's configuration is found, by what the discovery does. */
export type Discovery = "locations" | "layered-walk" | "managed-then-locations";

// The names these discoveries had when they were named after the agents that use them.
const deprecatedDiscoveries = {
  zerocode: "layered-walk",
  claude: "managed-then-locations",
} as const satisfies Record<string, Discovery>;

/** The profile's `discovery`, a deprecated name read as the current one. */
export function resolveDiscovery(profile: Profile): Discovery {
  const { discovery } = profile;
  return discovery === "zerocode" || discovery === "claude"
    ? deprecatedDiscoveries[discovery]
    : discovery;
}
