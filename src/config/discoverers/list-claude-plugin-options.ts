import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import { formatJsonPath } from "../../shared/format-json-path.js";
import { isRecord } from "../../shared/is-record.js";
import type { ClaudeSettingsFile } from "./list-enabled-claude-plugins.js";

/** Saved option values of each plugin, by plugin id (`formatter@acme-tools`), then option key. */
export type ClaudePluginOptions = ReadonlyMap<string, Readonly<Record<string, unknown>>>;

/**
 * The option values Claude Code saved for plugins in the settings' `pluginConfigs` (its
 * `userConfig` dialog writes `pluginConfigs["<plugin>"].options`), merged key by key across the
 * settings files as `enabledPlugins` is: the managed file's value wins, otherwise the last file
 * that sets the key. A `pluginConfigs` or `options` that is not an object is ignored with an
 * `invalid_config` warning.
 *
 * @example
 * ```ts
 * const options = listClaudePluginOptions(managed, others, diagnostics);
 * options.get("formatter@acme-tools"); // { style: "tabs" }
 * ```
 */
export function listClaudePluginOptions(
  managed: readonly ClaudeSettingsFile[],
  others: readonly ClaudeSettingsFile[],
  diagnostics: Diagnostic[],
): ClaudePluginOptions {
  const merged = new Map<string, Map<string, { value: unknown; managed: boolean }>>();
  const read = (layer: ClaudeSettingsFile, isManaged: boolean) => {
    for (const [id, options] of readPluginOptions(layer, diagnostics)) {
      let values = merged.get(id);
      if (values === undefined) {
        values = new Map();
        merged.set(id, values);
      }
      for (const [key, value] of Object.entries(options)) {
        // Later files override earlier ones, but nothing overrides the managed file.
        if (values.get(key)?.managed === true) continue;
        values.set(key, { value, managed: isManaged });
      }
    }
  };
  for (const layer of managed) read(layer, true);
  for (const layer of others) read(layer, false);
  const options = new Map<string, Readonly<Record<string, unknown>>>();
  for (const [id, values] of merged) {
    options.set(id, Object.fromEntries([...values].map(([key, entry]) => [key, entry.value])));
  }
  return options;
}

function readPluginOptions(
  layer: ClaudeSettingsFile,
  diagnostics: Diagnostic[],
): [string, Record<string, unknown>][] {
  const configs = layer.settings.pluginConfigs;
  if (configs === undefined) return [];
  const warn = (segments: string[], expected: string) =>
    diagnostics.push(
      createDiagnostic(
        "invalid_config",
        "warning",
        `${formatJsonPath(segments)} must be ${expected}; it is ignored in ${layer.file}`,
        { file: layer.file, path: formatJsonPath(segments) },
      ),
    );
  if (!isRecord(configs)) {
    warn(["pluginConfigs"], 'an object of "plugin@marketplace": { "options": { … } }');
    return [];
  }
  const found: [string, Record<string, unknown>][] = [];
  for (const [id, config] of Object.entries(configs)) {
    const options = isRecord(config) ? config.options : undefined;
    if (options === undefined && isRecord(config)) continue;
    if (!isRecord(options)) {
      warn(["pluginConfigs", id, "options"], "an object of option values");
      continue;
    }
    found.push([id, options]);
  }
  return found;
}
