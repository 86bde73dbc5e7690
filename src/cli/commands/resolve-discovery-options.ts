import os from "node:os";
import path from "node:path";
import type { DiscoveryOptions } from "../../config/discover-config-files.js";
import { type EngineFlags, resolveConfigFlags } from "../shared-options.js";

/** The home, cwd, system directory and explicit files that `--home`, `--cwd`, `--system-dir` and `--config` name. */
export function resolveDiscoveryOptions(flags: EngineFlags): DiscoveryOptions {
  return {
    home: path.resolve(flags.home ?? os.homedir()),
    cwd: path.resolve(flags.cwd ?? process.cwd()),
    systemDir: flags.systemDir === undefined ? undefined : path.resolve(flags.systemDir),
    configFiles: flags.config === undefined ? undefined : resolveConfigFlags(flags.config),
    ...(flags.managedSettings !== undefined && {
      managedSettings: path.resolve(flags.managedSettings),
    }),
  };
}
