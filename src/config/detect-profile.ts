import { statSync } from "node:fs";
import path from "node:path";
import { type ProfileName, profiles } from "../profiles/profiles.js";
import { expandLocationPattern, resolveLocation } from "./discover-config-files.js";

/** A configuration file of a profile that exists, found while detecting the profile. */
export interface ProfileMarker {
  profile: ProfileName;
  file: string;
  level: "project" | "home";
}

/** The profile whose configuration files were found, why, and every marker found, in rule order. */
export interface DetectedProfile {
  profile: ProfileName;
  /** One line: the file that decided and the other profiles found, such as `found .zerotwo/hooks.json; also found ~/.deepagents/hooks.json (deepagents)`. */
  reason: string;
  markers: ProfileMarker[];
}

interface MarkerRule {
  profile: ProfileName;
  template: string;
  level: ProfileMarker["level"];
  /** How many profiles read this location: a file only one system reads is the stronger sign. */
  readers: number;
}

const levelOrder = { project: 0, home: 1 } as const;

// Derived from the profiles' configLocations, in rule order; `<system>` locations are machine-wide
// (and /etc by default), so they say nothing about which agent this user runs.
const markerRules: readonly MarkerRule[] = deriveMarkerRules();

/**
 * Which built-in profile's configuration exists for `cwd` and `home`, or null when none does. The
 * markers are the profiles' own `configLocations` (a `*` location counts when a file matches it;
 * `<system>` locations are not markers), tried in a fixed order: project files (`<cwd>`,
 * `<project>`) before home files (`~`), the project being more specific; within a level, a file
 * fewer profiles read before one several read (`.github/hooks/*.json` before
 * `.claude/settings.json`, which VS Code also reads); then the order of `profiles` (deepagents,
 * zerocode, claude, vscode); then the profile's location order. The first marker that exists
 * decides.
 *
 * @example
 * ```ts
 * detectProfile({ cwd: "/src/app", home: "/home/me" });
 * // → { profile: "zerocode", reason: "found .zerotwo/hooks.json", markers: [...] }
 * ```
 */
export function detectProfile(options: { cwd: string; home: string }): DetectedProfile | null {
  const cwd = path.resolve(options.cwd);
  const home = path.resolve(options.home);
  const markers = findProfileMarkers({ cwd, home });
  const [chosen] = markers;
  if (chosen === undefined) return null;
  // Each other profile once, by its first file; a file several profiles read counts for the first.
  const others = new Map<ProfileName, ProfileMarker>();
  const files = new Set<string>();
  for (const marker of markers) {
    if (files.has(marker.file)) continue;
    files.add(marker.file);
    if (marker.profile !== chosen.profile && !others.has(marker.profile)) {
      others.set(marker.profile, marker);
    }
  }
  const also = [...others.values()].map(
    (marker) => `${describeMarker(marker, cwd, home)} (${marker.profile})`,
  );
  return {
    profile: chosen.profile,
    reason: `found ${describeMarker(chosen, cwd, home)}${also.length > 0 ? `; also found ${also.join(", ")}` : ""}`,
    markers,
  };
}

/**
 * The configuration files of built-in profiles that exist for `cwd` and `home`, in the order
 * {@link detectProfile} tries them (its markers); `level` keeps only project or only home files.
 *
 * @example
 * ```ts
 * findProfileMarkers({ cwd: "/src/app", home: "/home/me" }, "project");
 * // → [{ profile: "claude", file: "/src/app/.claude/settings.json", level: "project" }, …]
 * ```
 */
export function findProfileMarkers(
  options: { cwd: string; home: string },
  level?: ProfileMarker["level"],
): ProfileMarker[] {
  const cwd = path.resolve(options.cwd);
  const home = path.resolve(options.home);
  return markerRules
    .filter((rule) => level === undefined || rule.level === level)
    .flatMap((rule) =>
      expandLocationPattern(resolveLocation(rule.template, { cwd, home }))
        .filter(isFile)
        .slice(0, 1)
        .map((file) => ({ profile: rule.profile, file, level: rule.level })),
    );
}

function deriveMarkerRules(): MarkerRule[] {
  const names = Object.keys(profiles) as ProfileName[];
  const readers = new Map<string, number>();
  for (const name of names) {
    for (const template of new Set(profiles[name].configLocations.map((entry) => entry.path))) {
      readers.set(template, (readers.get(template) ?? 0) + 1);
    }
  }
  const rules = names.flatMap((profile) =>
    profiles[profile].configLocations.flatMap((location): MarkerRule[] => {
      const level = describeLevel(location.path);
      if (level === null) return [];
      return [
        { profile, template: location.path, level, readers: readers.get(location.path) ?? 1 },
      ];
    }),
  );
  // Array sort is stable: equal keys keep the profiles' table and location order.
  return rules.sort(
    (left, right) =>
      levelOrder[left.level] - levelOrder[right.level] || left.readers - right.readers,
  );
}

function describeLevel(template: string): ProfileMarker["level"] | null {
  if (template.startsWith("<cwd>") || template.startsWith("<project>")) return "project";
  if (template.startsWith("~")) return "home";
  return null;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

// Home markers as `~/…`, project markers relative to the cwd.
function describeMarker(marker: ProfileMarker, cwd: string, home: string): string {
  if (marker.level === "project") return path.relative(cwd, marker.file);
  return `~${path.sep}${path.relative(home, marker.file)}`;
}
