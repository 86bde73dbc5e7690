import path from "node:path";
import type { Profile } from "../profiles/profile.js";
import { findProfileMarkers, type ProfileMarker } from "./detect-profile.js";

/** Project configuration found in a folder above the working directory, where none is in it. */
export interface ConfigAbove {
  /** The nearest folder above the working directory holding project configuration. */
  directory: string;
  /** Its configuration files, each once, with the profile that reads it first. */
  markers: ProfileMarker[];
}

/**
 * The nearest folder above `cwd` (below `home`, whose files are the user's own layer) holding
 * project configuration, when `cwd` holds none: a command run from a subfolder of a project finds
 * no project hooks, and this says where they are. With `profile`, only that profile's files count,
 * at `cwd` and above (null for a profile without project files); without, any built-in profile's.
 *
 * @example
 * ```ts
 * findConfigAbove({ cwd: "/src/app/lib", home: "/home/me" }, claudeProfile);
 * // → { directory: "/src/app", markers: [{ profile: "claude", file: "/src/app/.claude/settings.json", level: "project" }] }
 * ```
 */
export function findConfigAbove(
  options: { cwd: string; home: string },
  profile?: Profile,
): ConfigAbove | null {
  if (profile !== undefined && !profile.configLocations.some(isProjectLocation)) {
    return null;
  }
  const cwd = path.resolve(options.cwd);
  const home = path.resolve(options.home);
  const find = (directory: string) =>
    findProfileMarkers({ cwd: directory, home }, "project").filter(
      (marker) => profile === undefined || marker.profile === profile.name,
    );
  if (find(cwd).length > 0) return null;
  let directory = cwd;
  for (;;) {
    const parent = path.dirname(directory);
    if (parent === directory || parent === home) return null;
    directory = parent;
    const markers = find(directory);
    if (markers.length === 0) continue;
    const seen = new Set<string>();
    return {
      directory,
      markers: markers.filter((marker) => !seen.has(marker.file) && seen.add(marker.file)),
    };
  }
}

function isProjectLocation(location: { path: string }): boolean {
  return location.path.startsWith("<cwd>") || location.path.startsWith("<project>");
}

/**
 * One sentence naming the configuration above the working directory and how to use it:
 * `/src/app/.claude/settings.json (claude) is above the working directory /src/app/lib, which has
 * no project hook configuration: run from /src/app or pass --cwd /src/app`.
 */
export function describeConfigAbove(above: ConfigAbove, cwd: string): string {
  const files = above.markers.map((marker) => `${marker.file} (${marker.profile})`).join(", ");
  return `${files} ${above.markers.length === 1 ? "is" : "are"} above the working directory ${path.resolve(cwd)}, which has no project hook configuration: run from ${above.directory} or pass --cwd ${above.directory}`;
}
