import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import { formatJsonPath } from "../../shared/format-json-path.js";
import { isRecord } from "../../shared/is-record.js";

/** Where a plugin's option values come from, for the variables and their diagnostics. */
export interface PluginOptionSources {
  pluginId: string;
  /** The manifest's `userConfig` as written (option schemas with an optional `default`), or undefined. */
  userConfig: unknown;
  /** The values saved in the settings' `pluginConfigs`, or undefined. */
  saved: Readonly<Record<string, unknown>> | undefined;
  /** The manifest file, for diagnostics. */
  manifestFile: string;
}

/**
 * The `CLAUDE_PLUGIN_OPTION_<KEY>` variables Claude Code gives a plugin's hooks: each saved
 * option value, or else the `default` its manifest's `userConfig` declares, under its key
 * upper-cased with every character other than a letter, digit or `_` turned into `_`. Strings
 * are passed as they are, numbers and booleans as written in JSON, a list as its items joined by
 * `,`; any other value is left out with an `invalid_plugin` warning.
 *
 * @example
 * ```ts
 * createPluginOptionVariables({ pluginId, userConfig, saved: { apiUrl: "https://x" }, manifestFile }, []);
 * // { CLAUDE_PLUGIN_OPTION_APIURL: "https://x" }
 * ```
 */
export function createPluginOptionVariables(
  sources: PluginOptionSources,
  diagnostics: Diagnostic[],
): Record<string, string> {
  const values = new Map<string, unknown>();
  if (isRecord(sources.userConfig)) {
    for (const [key, schema] of Object.entries(sources.userConfig)) {
      if (isRecord(schema) && schema.default !== undefined) values.set(key, schema.default);
    }
  }
  for (const [key, value] of Object.entries(sources.saved ?? {})) values.set(key, value);
  const variables: Record<string, string> = {};
  for (const [key, value] of values) {
    const text = formatOptionValue(value);
    if (text === null) {
      diagnostics.push(
        createDiagnostic(
          "invalid_plugin",
          "warning",
          `Plugin "${sources.pluginId}" option "${key}" is not a string, number, boolean or list of them; its hooks do not get it`,
          { file: sources.manifestFile, path: formatJsonPath(["userConfig", key]) },
        ),
      );
      continue;
    }
    variables[`CLAUDE_PLUGIN_OPTION_${key.toUpperCase().replace(/[^A-Z0-9_]/g, "_")}`] = text;
  }
  return variables;
}

function formatOptionValue(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) =>
      Array.isArray(item) ? null : formatOptionValue(item),
    );
    return items.some((item) => item === null) ? null : items.join(",");
  }
  return null;
}
