import type { ConfigLocation } from "./profile.js";

/** The folder of each layer a `layered-walk` profile reads (`~` is home, `<project>` the git root). */
export interface LayeredFolders {
  system: string;
  user: string;
  project: string;
}

// Each layer's folder holds both files; the system folder also holds the managed requirements.
const layerFiles = ["hooks.json", "config.toml"] as const;

/**
 * The files a `layered-walk` profile reads: `hooks.json` and `config.toml` in the system, user and
 * project folders, then the managed `requirements.toml` in the system folder.
 *
 * @example
 * ```ts
 * listLayeredConfigLocations({ system: "/etc/codex", user: "~/.codex", project: "<project>/.codex" }, "codex");
 * // [{ layer: "system", path: "/etc/codex/hooks.json", dialect: "codex" }, …]
 * ```
 */
export function listLayeredConfigLocations(
  folders: LayeredFolders,
  dialect: string,
): ConfigLocation[] {
  const layers = [
    ["system", folders.system],
    ["user", folders.user],
    ["project", folders.project],
  ] as const;
  return [
    ...layers.flatMap(([layer, folder]) =>
      layerFiles.map((file) => ({ layer, path: `${folder}/${file}`, dialect })),
    ),
    { layer: "managed", path: `${folders.system}/requirements.toml`, dialect },
  ];
}
