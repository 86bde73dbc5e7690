import { existsSync } from "node:fs";
import type { Diagnostic } from "../../diagnostic.js";
import type { Profile } from "../../profiles/profile.js";
import { selectProfileDialect } from "../../profiles/select-profile-dialect.js";
import type { DiscoveryOptions } from "../discover-config-files.js";
import { discoverClaudePluginSources } from "./discover-claude-plugin-sources.js";
import { listClaudeSettingsFiles, readClaudeSettingsLayers } from "./discover-claude-sources.js";
import { listEnabledClaudePlugins } from "./list-enabled-claude-plugins.js";

/** A file Claude Code discovery reads, with its layer and whether it exists. */
export interface DescribedClaudeFile {
  file: string;
  layer: string;
  exists: boolean;
}

/**
 * The files the `claude` profile reads, in configuration order, and whether each exists (for
 * `config path`): the managed settings file when one is given, the user, project and local
 * settings (or the explicit `configFiles`), then, for the plugins `enabledPlugins` turns on, the
 * plugin registry `~/.claude/plugins/installed_plugins.json` and each plugin's manifest and hooks
 * files (layer `plugin:<id>`).
 *
 * @example
 * ```ts
 * const files = await describeClaudeFiles(claudeProfile, { home, cwd, managedSettings });
 * for (const entry of files) console.log(entry.file, entry.layer, entry.exists);
 * ```
 */
export async function describeClaudeFiles(
  profile: Profile,
  options: DiscoveryOptions,
): Promise<DescribedClaudeFile[]> {
  const settingsFiles = listClaudeSettingsFiles(profile, options).map((entry) => ({
    file: entry.file,
    layer: entry.layer,
    exists: existsSync(entry.file),
  }));
  // Problems are `validate`'s to report; this only lists files.
  const ignored: Diagnostic[] = [];
  const layers = await readClaudeSettingsLayers(profile, options, ignored);
  const managed = layers.filter((layer) => layer.layer === "managed");
  const others = layers.filter((layer) => layer.layer !== "managed");
  const enabled = listEnabledClaudePlugins(managed, others, ignored);
  const dialect = selectProfileDialect(profile);
  const plugins = await discoverClaudePluginSources(enabled, options, dialect);
  return [...settingsFiles, ...plugins.files];
}
