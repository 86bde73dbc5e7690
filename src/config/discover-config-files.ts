import { existsSync } from "node:fs";
import path from "node:path";
import type { Profile } from "../profiles/profile.js";
import type { HookTrustMode } from "./hook-definition.js";

/** A configuration file the engine will read, with the layer and dialect it belongs to. */
export interface ConfigSource {
  file: string;
  layer: string;
  dialect: string;
  /** True when the caller named the file (`configFiles` / `--config`): a missing file is an error. */
  explicit: boolean;
  /** How handlers from this source are trusted. */
  trust: HookTrustMode;
  /** An inline document (such as a plugin manifest's hooks object) read instead of `file`. */
  document?: unknown;
  /** Environment variables every handler of this source gets (such as a plugin's `PLUGIN_ROOT`). */
  env?: Readonly<Record<string, string>>;
}

/** Where to look: the session's home and working directory, or files that replace discovery. */
export interface DiscoveryOptions {
  home: string;
  cwd: string;
  configFiles?: readonly string[] | undefined;
}

/** Lists the configuration files for a profile, in configuration order. */
export function discoverConfigFiles(profile: Profile, options: DiscoveryOptions): ConfigSource[] {
  const defaultDialect = profile.configLocations[0]?.dialect ?? profile.name;
  if (options.configFiles !== undefined) {
    return options.configFiles.map((file) => ({
      file: path.resolve(options.cwd, expandHome(file, options.home)),
      layer: "explicit",
      dialect: defaultDialect,
      explicit: true,
      trust: profile.trust === null ? "none" : "review",
    }));
  }
  return profile.configLocations.map((location) => ({
    file: resolveLocation(location.path, options),
    layer: location.layer,
    dialect: location.dialect,
    explicit: false,
    trust: profile.trust === null ? "none" : "review",
  }));
}

/** The profile's resolved configuration paths and whether each exists (for `config path`). */
export function describeConfigFiles(
  profile: Profile,
  options: DiscoveryOptions,
): { file: string; layer: string; exists: boolean }[] {
  return discoverConfigFiles(profile, options).map((source) => ({
    file: source.file,
    layer: source.layer,
    exists: existsSync(source.file),
  }));
}

function resolveLocation(template: string, options: DiscoveryOptions): string {
  const withCwd = template.replace(/^<cwd>/, options.cwd);
  return path.resolve(options.cwd, expandHome(withCwd, options.home));
}

/** Replaces a leading `~` with the home directory. */
export function expandHome(file: string, home: string): string {
  if (file === "~") return home;
  if (file.startsWith("~/")) return path.join(home, file.slice(2));
  return file;
}
