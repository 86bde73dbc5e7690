import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Profile } from "../profiles/profile.js";
import { selectProfileDialect } from "../profiles/select-profile-dialect.js";
import { expandHome } from "../shared/expand-home.js";
import { findGitRoot } from "./find-git-root.js";
import type { HookTrustMode } from "./hook-definition.js";

/** A configuration file the engine will read, with the layer and dialect it belongs to. */
export interface ConfigSource {
  file: string;
  /** `user`, `project`, `system`, `managed`, `plugin:<name>` or `explicit`. */
  layer: string;
  dialect: string;
  /** True when the caller named the file (`configFiles` / `--config`): a missing file is an error. */
  explicit: boolean;
  /** How handlers from this source are trusted. */
  trust: HookTrustMode;
  /** The parsed document (read once during discovery, or a plugin manifest's inline hooks object), used instead of reading `file`. */
  document?: unknown;
  /** JSON path of an inline `document` inside `file`, such as `["hooks", 1]` (paths in diagnostics and definitions start with it). */
  documentPath?: readonly (string | number)[];
  /** Environment variables every handler of this source gets (such as a plugin's `PLUGIN_ROOT`). */
  env?: Readonly<Record<string, string>>;
}

/** Where ZeroCode's system layer lives when `systemDir` is not given. */
export const defaultSystemDirectory = "/etc/zerotwo";

/** Where to look: the session's home, working and system directories, or files that replace discovery. */
export interface DiscoveryOptions {
  home: string;
  cwd: string;
  /** The system configuration directory (`requirements.toml`, system layer); default `/etc/zerotwo`. */
  systemDir?: string | undefined;
  configFiles?: readonly string[] | undefined;
  /** A managed (administrator) settings file read before every other layer (Claude Code). */
  managedSettings?: string | undefined;
}

/**
 * Lists the configuration files a profile names in `configLocations` (or the explicit
 * `configFiles`), in configuration order; no file is read (a `*` location lists its directory).
 */
export function discoverConfigFiles(profile: Profile, options: DiscoveryOptions): ConfigSource[] {
  const defaultDialect = selectProfileDialect(profile);
  const trust = profile.trust === null ? "none" : "review";
  if (options.configFiles !== undefined) {
    return options.configFiles.map((file) => ({
      file: path.resolve(options.cwd, expandHome(file, options.home)),
      layer: "explicit",
      dialect: defaultDialect,
      explicit: true,
      trust,
    }));
  }
  return profile.configLocations.flatMap((location) =>
    expandLocationPattern(resolveLocation(location.path, options)).map((file) => ({
      file,
      layer: location.layer,
      dialect: location.dialect,
      explicit: false,
      trust,
    })),
  );
}

/**
 * The profile's resolved configuration paths and whether each exists (for `config path`); a
 * `*` pattern that matches nothing is listed as written, missing.
 */
export function describeConfigFiles(
  profile: Profile,
  options: DiscoveryOptions,
): { file: string; layer: string; exists: boolean }[] {
  if (options.configFiles !== undefined) {
    return discoverConfigFiles(profile, options).map((source) => ({
      file: source.file,
      layer: source.layer,
      exists: existsSync(source.file),
    }));
  }
  return profile.configLocations.flatMap((location) => {
    const pattern = resolveLocation(location.path, options);
    const files = expandLocationPattern(pattern);
    if (files.length === 0 && isFilePattern(pattern)) {
      return [{ file: pattern, layer: location.layer, exists: false }];
    }
    return files.map((file) => ({ file, layer: location.layer, exists: existsSync(file) }));
  });
}

/**
 * The files a location names: itself, or, when its last segment has a `*` (such as
 * `hooks/*.json`), the files of that directory whose names match, sorted by name (none when the
 * directory is missing or unreadable).
 */
export function expandLocationPattern(location: string): string[] {
  if (!isFilePattern(location)) return [location];
  const directory = path.dirname(location);
  const pattern = path.basename(location);
  const name = new RegExp(`^${pattern.split("*").map(escapeRegExp).join("[^/]*")}$`);
  // As in shells, `*` does not match a leading dot: `*.json` skips `.draft.json`.
  const hidden = pattern.startsWith(".");
  let entries: string[];
  try {
    entries = readdirSync(directory);
  } catch {
    return [];
  }
  return entries
    .filter((entry) => (hidden || !entry.startsWith(".")) && name.test(entry))
    .filter((entry) => isFile(path.join(directory, entry)))
    .sort()
    .map((entry) => path.join(directory, entry));
}

function isFilePattern(location: string): boolean {
  return path.basename(location).includes("*");
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The system directory of `options`, resolved (`~` is the home, relative paths the cwd). */
export function resolveSystemDirectory(options: DiscoveryOptions): string {
  const directory = options.systemDir ?? defaultSystemDirectory;
  return path.resolve(options.cwd, expandHome(directory, options.home));
}

/**
 * A `configLocations` path made absolute: `<cwd>` is the session cwd, `<project>` its git root
 * (else the cwd), `<system>` the system directory and `~` the home.
 */
export function resolveLocation(template: string, options: DiscoveryOptions): string {
  let resolved = template;
  if (resolved.startsWith("<cwd>")) resolved = options.cwd + resolved.slice("<cwd>".length);
  else if (resolved.startsWith("<project>")) {
    const root = findGitRoot(options.cwd) ?? path.resolve(options.cwd);
    resolved = root + resolved.slice("<project>".length);
  } else if (resolved.startsWith("<system>")) {
    resolved = resolveSystemDirectory(options) + resolved.slice("<system>".length);
  }
  return path.resolve(options.cwd, expandHome(resolved, options.home));
}
