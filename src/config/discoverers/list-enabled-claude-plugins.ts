import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import { formatJsonPath } from "../../shared/format-json-path.js";
import { isRecord } from "../../shared/is-record.js";

/** A settings file that was read, for the settings it holds. */
export interface ClaudeSettingsFile {
  file: string;
  settings: Record<string, unknown>;
}

/** A plugin that `enabledPlugins` turns on, with the settings file whose value won. */
export interface EnabledClaudePlugin {
  /** The plugin id as written, such as `formatter@acme-tools`. */
  id: string;
  /** The settings file that decided it (the one diagnostics point at). */
  file: string;
  /** True when the managed settings file enabled it (exempt from `allowManagedHooksOnly`). */
  managed: boolean;
}

/** One value of `enabledPlugins`, and where it was written. */
interface PluginSetting {
  enabled: boolean;
  file: string;
  managed: boolean;
}

/**
 * The plugins Claude Code's `enabledPlugins` setting turns on across settings files, in the order
 * they first appear (managed file first, then the others in configuration order). Settings merge
 * key by key: the managed file's value wins; otherwise the last file that sets a plugin (local
 * over project over user) decides. A value that is not `true` or `false`, or an `enabledPlugins`
 * that is not an object, is ignored with an `invalid_config` warning.
 */
export function listEnabledClaudePlugins(
  managed: readonly ClaudeSettingsFile[],
  others: readonly ClaudeSettingsFile[],
  diagnostics: Diagnostic[],
): EnabledClaudePlugin[] {
  const settings = new Map<string, PluginSetting>();
  const read = (layer: ClaudeSettingsFile, isManaged: boolean) => {
    for (const [id, enabled] of readPluginValues(layer, diagnostics)) {
      const current = settings.get(id);
      // Later files override earlier ones, but nothing overrides the managed file.
      if (current?.managed === true) continue;
      settings.set(id, { enabled, file: layer.file, managed: isManaged });
    }
  };
  for (const layer of managed) read(layer, true);
  for (const layer of others) read(layer, false);
  return [...settings]
    .filter(([, setting]) => setting.enabled)
    .map(([id, setting]) => ({ id, file: setting.file, managed: setting.managed }));
}

function readPluginValues(
  layer: ClaudeSettingsFile,
  diagnostics: Diagnostic[],
): [string, boolean][] {
  const value = layer.settings.enabledPlugins;
  if (value === undefined) return [];
  if (!isRecord(value)) {
    diagnostics.push(
      createDiagnostic(
        "invalid_config",
        "warning",
        `enabledPlugins must be an object of "plugin@marketplace": true | false; it is ignored in ${layer.file}`,
        { file: layer.file, path: "enabledPlugins" },
      ),
    );
    return [];
  }
  const values: [string, boolean][] = [];
  for (const [id, enabled] of Object.entries(value)) {
    if (typeof enabled === "boolean") {
      values.push([id, enabled]);
      continue;
    }
    diagnostics.push(
      createDiagnostic(
        "invalid_config",
        "warning",
        `enabledPlugins["${id}"] must be true or false; it is ignored in ${layer.file}`,
        { file: layer.file, path: formatJsonPath(["enabledPlugins", id]) },
      ),
    );
  }
  return values;
}
