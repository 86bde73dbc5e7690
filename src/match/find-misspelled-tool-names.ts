import {
  findClosestName,
  type NameCandidates,
  prepareNameCandidates,
} from "../config/suggest-name.js";
import type { Profile } from "../profiles/profile.js";

/** A plain tool name in a matcher that is not a tool the profile knows, and the known one it is closest to. */
export interface MisspelledToolName {
  name: string;
  closest: string;
}

/**
 * The names of a tool matcher (`Bash|Wirte`) that look like a known tool misspelled: the tools
 * the profile knows by name (its tool aliases and command tools) within the distance
 * `suggestName` allows, never the name itself. Only plain names are read (a regular expression
 * or an MCP name is left alone); a name close to no known tool is not reported, as agents have
 * tools no profile lists.
 *
 * @example
 * findMisspelledToolNames("Bash|Bsh", deepagentsProfile); // → [{ name: "Bsh", closest: "Bash" }]
 */
export function findMisspelledToolNames(matcher: string, profile: Profile): MisspelledToolName[] {
  const known = listKnownToolNames(profile);
  const misspelled: MisspelledToolName[] = [];
  for (const alternative of matcher.split("|")) {
    const name = alternative.trim();
    if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || known.set.has(name)) continue;
    const closest = findClosestName(name, known.candidates);
    if (closest !== null) misspelled.push({ name, closest });
  }
  return misspelled;
}

interface KnownToolNames {
  set: ReadonlySet<string>;
  candidates: NameCandidates;
}

// Built once per profile: every tool matcher of a configuration is checked against it.
const knownToolNames = new WeakMap<Profile, KnownToolNames>();

function listKnownToolNames(profile: Profile): KnownToolNames {
  let known = knownToolNames.get(profile);
  if (known === undefined) {
    const set = new Set([
      ...Object.entries(profile.toolNameAliases).flat(),
      ...Object.entries(profile.toolMatchAliases).flatMap(([tool, aliases]) => [tool, ...aliases]),
      ...profile.commandTools,
    ]);
    known = { set, candidates: prepareNameCandidates(set) };
    knownToolNames.set(profile, known);
  }
  return known;
}
