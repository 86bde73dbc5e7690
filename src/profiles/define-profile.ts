import type { Profile } from "./profile.js";

/**
 * The value of each profile fact a profile's table may leave out: what most agents do (Claude
 * Code's rules, the shared output and kill limits, no trust, no spilling).
 */
export const profileDefaults = {
  toolNameField: "tool_name",
  toolNameAliases: {},
  toolMatchAliases: {},
  updatedInputDecisions: ["allow", "ask"],
  updatedInputNeedsSchema: false,
  updatedInputWithDeny: "drop-rewrite",
  shell: "sh",
  projectDirectoryVariables: [],
  timestampField: null,
  payloadDefaults: {},
  messageLimitCharacters: 10_000,
  captureLimitBytes: 1024 * 1024,
  killGraceMs: 1000,
  continuationCap: null,
  deduplicate: null,
  unsupportedFieldEffect: "diagnostic",
  trust: null,
  spill: null,
} as const satisfies Partial<Profile>;

type DefaultedFact = keyof typeof profileDefaults;

/** A profile's table as written: every {@link Profile} fact, those in {@link profileDefaults} optional. */
export type ProfileFacts = Omit<Profile, DefaultedFact> & Partial<Pick<Profile, DefaultedFact>>;

/**
 * A profile from its table, each fact it leaves out taking its value from {@link profileDefaults}.
 *
 * @example
 * ```ts
 * const myAgentProfile = defineProfile({
 *   name: "my-agent",
 *   title: "My Agent",
 *   discovery: "locations",
 *   configLocations: [{ layer: "project", path: "<cwd>/.my-agent/hooks.json", dialect: "claude" }],
 *   events: claudeProfile.events,
 *   matcherSyntax: "regex",
 *   commandTools: ["Bash"],
 *   defaultTimeoutSeconds: 60,
 *   knownHandlerTypes: ["command"],
 * });
 * ```
 */
export function defineProfile<const Facts extends ProfileFacts>(
  facts: Facts,
): Omit<typeof profileDefaults, keyof Facts> & Facts {
  return { ...profileDefaults, ...facts };
}
