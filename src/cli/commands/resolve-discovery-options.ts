import os from "node:os";
import path from "node:path";
import type { DiscoveryOptions } from "../../config/discover-config-files.js";
import { type EngineFlags, resolveConfigFlags } from "../shared-options.js";

/** The home, cwd and explicit files that `--home`, `--cwd` and `--config` name. */
export function resolveDiscoveryOptions(flags: EngineFlags): DiscoveryOptions {
  return {
    home: path.resolve(flags.home ?? os.homedir()),
    cwd: path.resolve(flags.cwd ?? process.cwd()),
    configFiles: flags.config === undefined ? undefined : resolveConfigFlags(flags.config),
    ...(flags.systemDir !== undefined && { systemDir: path.resolve(flags.systemDir) }),
  };
}
