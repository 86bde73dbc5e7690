import path from "node:path";
import type { Profile } from "../../profiles/profile.js";
import { expandHome } from "../../shared/expand-home.js";
import { type DiscoveryOptions, resolveSystemDirectory } from "../discover-config-files.js";

/** The folders a layered profile reads each layer's `hooks.json` and `config.toml` from. */
export interface LayerFolders {
  /** The system folder (`requirements.toml` and the managed layer). */
  system: string;
  /** The user's folder (`~/.zerotwo`, `~/.codex`). */
  user: string;
  /** The name of the project's folder at the project root (`.zerotwo`, `.codex`). */
  projectFolder: string;
}

/**
 * A layered profile's folders, read from its `configLocations` (the folder of each layer's first
 * file): the system folder is `options.systemDir` when given, else a `<system>` location's default
 * or the absolute folder the profile names (`/etc/codex`).
 *
 * @example
 * ```ts
 * resolveLayerFolders(codexProfile, { home: "/home/a", cwd: "/repo" });
 * // { system: "/etc/codex", user: "/home/a/.codex", projectFolder: ".codex" }
 * ```
 */
export function resolveLayerFolders(profile: Profile, options: DiscoveryOptions): LayerFolders {
  const folderOf = (layer: string): string | undefined => {
    const location = profile.configLocations.find((candidate) => candidate.layer === layer);
    return location === undefined ? undefined : path.dirname(location.path);
  };
  const system = folderOf("system");
  const user = folderOf("user") ?? "~";
  const project = folderOf("project") ?? "<project>";
  const systemDirectory =
    options.systemDir === undefined && system !== undefined && path.isAbsolute(system)
      ? system
      : resolveSystemDirectory(options);
  return {
    system: systemDirectory,
    user: path.resolve(options.cwd, expandHome(user, path.resolve(options.home))),
    projectFolder: path.basename(project),
  };
}
