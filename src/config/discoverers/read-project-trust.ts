import path from "node:path";
import { isRecord } from "../../shared/is-record.js";

/**
 * Whether the user's `config.toml` trusts a project: `[projects."<path>"] trust_level =
 * "trusted"` for any of `directories` (the git root, or the cwd itself). Keys are compared as
 * resolved absolute paths, so a trailing slash does not matter.
 */
export function readProjectTrust(userConfig: unknown, directories: readonly string[]): boolean {
  if (!isRecord(userConfig) || !isRecord(userConfig.projects)) return false;
  const wanted = new Set(directories.map((directory) => path.resolve(directory)));
  for (const [key, settings] of Object.entries(userConfig.projects)) {
    if (!path.isAbsolute(key) || !wanted.has(path.resolve(key))) continue;
    if (isRecord(settings) && settings.trust_level === "trusted") return true;
  }
  return false;
}
