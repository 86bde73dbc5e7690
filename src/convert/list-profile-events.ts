import type { Profile } from "../profiles/profile.js";
import type { FormatEvent } from "./hook-format.js";

/** A profile's configurable events as a format's event table (same spelling, its timeouts). */
export function listProfileEvents(profile: Profile): Record<string, FormatEvent> {
  const events: Record<string, FormatEvent> = {};
  for (const [name, spec] of Object.entries(profile.events)) {
    if (!spec.configurable) continue;
    events[name] = {
      name,
      aliases: [],
      ignoresMatcher: spec.matchField === null,
      supportsIf: spec.supportsIf,
      ...(spec.defaultTimeoutSeconds !== undefined && {
        defaultTimeoutSeconds: spec.defaultTimeoutSeconds,
      }),
      ...(spec.maxTimeoutSeconds !== undefined && { maxTimeoutSeconds: spec.maxTimeoutSeconds }),
    };
  }
  return events;
}

/** An event table from names, for formats without a profile; `options` marks the exceptions. */
export function listNamedEvents(
  names: Readonly<Record<string, string>>,
  options: {
    ignoresMatcher?: readonly string[];
    supportsIf?: readonly string[];
    aliases?: boolean;
  },
): Record<string, FormatEvent> {
  const events: Record<string, FormatEvent> = {};
  for (const [canonical, name] of Object.entries(names)) {
    events[canonical] = {
      name,
      aliases: options.aliases === true && canonical !== name ? [canonical] : [],
      ignoresMatcher: options.ignoresMatcher?.includes(canonical) ?? false,
      supportsIf: options.supportsIf?.includes(canonical) ?? false,
    };
  }
  return events;
}
