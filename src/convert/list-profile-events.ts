import type { Profile } from "../profiles/profile.js";
import type { FormatEvent } from "./hook-format.js";

/** How a format's event table departs from its profile's. */
export interface ProfileEventOptions {
  /** Set to false for a format without `if` predicates, whatever the profile's events take. */
  supportsIf?: false;
  /** Events the host has but the profile does not run yet; a profile row of the same name wins. */
  pendingEvents?: Readonly<Record<string, FormatEvent>>;
}

/**
 * A profile's configurable events as a format's event table (same spelling, its timeouts), then
 * the format's pending events.
 */
export function listProfileEvents(
  profile: Pick<Profile, "events">,
  options: ProfileEventOptions = {},
): Record<string, FormatEvent> {
  const events: Record<string, FormatEvent> = {};
  for (const [name, spec] of Object.entries(profile.events)) {
    if (!spec.configurable) continue;
    events[name] = {
      name,
      aliases: [],
      ignoresMatcher: spec.matchField === null,
      supportsIf: options.supportsIf ?? spec.supportsIf,
      ...(spec.defaultTimeoutSeconds !== undefined && {
        defaultTimeoutSeconds: spec.defaultTimeoutSeconds,
      }),
      ...(spec.maxTimeoutSeconds !== undefined && { maxTimeoutSeconds: spec.maxTimeoutSeconds }),
    };
  }
  for (const [name, event] of Object.entries(options.pendingEvents ?? {})) {
    if (!Object.hasOwn(profile.events, name)) events[name] = event;
  }
  return events;
}

/**
 * An event table from names (canonical → the format's spelling, or a list spelled canonically),
 * for events without a profile row; `options` marks the exceptions.
 */
export function listNamedEvents(
  names: readonly string[] | Readonly<Record<string, string>>,
  options: {
    ignoresMatcher?: readonly string[];
    supportsIf?: readonly string[];
    aliases?: boolean;
  },
): Record<string, FormatEvent> {
  const events: Record<string, FormatEvent> = {};
  const spellings = Array.isArray(names)
    ? names.map((name) => [name, name])
    : Object.entries(names);
  for (const [canonical, name] of spellings) {
    events[canonical] = {
      name,
      aliases: options.aliases === true && canonical !== name ? [canonical] : [],
      ignoresMatcher: options.ignoresMatcher?.includes(canonical) ?? false,
      supportsIf: options.supportsIf?.includes(canonical) ?? false,
    };
  }
  return events;
}
