import { stat } from "node:fs/promises";
import path from "node:path";
import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import { createPrivateDirectory } from "../../shared/create-private-directory.js";
import { formatJsonPath } from "../../shared/format-json-path.js";
import { isRecord } from "../../shared/is-record.js";
import type { ConfigSource } from "../discover-config-files.js";
import { readConfigDocument } from "../read-config-document.js";
import type { ParsedConfigFile } from "./resolve-hooks-feature.js";
import { resolvePluginPath } from "./resolve-plugin-path.js";

/** The hook sources of every enabled plugin, in the order the user's config lists them. */
export interface PluginSources {
  sources: ConfigSource[];
  diagnostics: Diagnostic[];
}

/** Where plugins live and which dialect their hooks are read with. */
export interface PluginLocations {
  /** `~/.zerotwo/plugins`: each plugin is a folder named after it. */
  pluginsDirectory: string;
  dialect: string;
}

/** Names of the plugins `[plugins."<name>"] enabled = true` turns on in a config, in order. */
export function listEnabledPlugins(userConfig: ParsedConfigFile | null): string[] {
  if (userConfig === null || !isRecord(userConfig.document)) return [];
  const plugins = userConfig.document.plugins;
  if (!isRecord(plugins)) return [];
  return Object.entries(plugins)
    .filter(([, settings]) => isRecord(settings) && settings.enabled === true)
    .map(([name]) => name);
}

/**
 * Finds the hooks of each enabled plugin: its manifest's `hooks` entry (`.codex-plugin/plugin.json`:
 * `./` paths, inline hooks objects, or lists of them) or else `hooks/hooks.json`. Every handler
 * gets `PLUGIN_ROOT` / `PLUGIN_DATA` (and the `CLAUDE_` spellings); the data folder
 * (`plugins/data/<name>`) is created, mode 0700.
 */
export async function discoverPluginSources(
  userConfig: ParsedConfigFile | null,
  locations: PluginLocations,
): Promise<PluginSources> {
  const found: PluginSources = { sources: [], diagnostics: [] };
  for (const name of listEnabledPlugins(userConfig)) {
    const where = { file: userConfig?.file ?? null, path: formatJsonPath(["plugins", name]) };
    const warn = (message: string) =>
      found.diagnostics.push(createDiagnostic("invalid_plugin", "warning", message, where));
    if (!isPluginName(name)) {
      warn(`Plugin name ${JSON.stringify(name)} is not a plain folder name; it is not loaded`);
      continue;
    }
    const root = path.join(locations.pluginsDirectory, name);
    if (!(await isDirectory(root))) {
      warn(`Plugin "${name}" is enabled but ${root} does not exist; its hooks are not loaded`);
      continue;
    }
    const dataDirectory = path.join(locations.pluginsDirectory, "data", name);
    const plugin = { name, root, dataDirectory, dialect: locations.dialect };
    const sources = await readPluginHookSources(plugin, found.diagnostics);
    if (sources.length === 0) continue;
    const created = await createPrivateDirectory(dataDirectory);
    if (created !== null) warn(`Plugin "${name}" has no data folder: ${created}`);
    found.sources.push(...sources);
  }
  return found;
}

interface Plugin {
  name: string;
  root: string;
  dataDirectory: string;
  dialect: string;
}

async function readPluginHookSources(
  plugin: Plugin,
  diagnostics: Diagnostic[],
): Promise<ConfigSource[]> {
  const manifestFile = path.join(plugin.root, ".codex-plugin", "plugin.json");
  const manifest = await readConfigDocument(manifestFile, false);
  if (manifest.status === "failed") {
    diagnostics.push(manifest.diagnostic);
    return [];
  }
  const hooks =
    manifest.status === "ok" && isRecord(manifest.value) ? manifest.value.hooks : undefined;
  if (hooks === undefined) {
    const file = path.join(plugin.root, "hooks", "hooks.json");
    return readHookFile(file, plugin, diagnostics);
  }
  const entries: [unknown, (string | number)[]][] = Array.isArray(hooks)
    ? hooks.map((entry: unknown, index) => [entry, ["hooks", index]])
    : [[hooks, ["hooks"]]];
  const sources: ConfigSource[] = [];
  for (const [entry, segments] of entries) {
    const refuse = (reason: string) =>
      diagnostics.push(
        createDiagnostic(
          "invalid_plugin",
          "error",
          `Plugin "${plugin.name}" manifest hooks entry ${reason}; it is not loaded`,
          { file: manifestFile, path: formatJsonPath(segments) },
        ),
      );
    if (typeof entry === "string") {
      const resolved = await resolvePluginPath(plugin.root, entry);
      if (!resolved.ok) refuse(resolved.reason);
      else sources.push(...(await readHookFile(resolved.file, plugin, diagnostics)));
    } else if (isRecord(entry)) {
      sources.push({
        ...describePluginSource(manifestFile, plugin),
        document: entry,
        documentPath: segments,
      });
    } else {
      refuse('must be a "./"-prefixed path or an inline hooks object');
    }
  }
  return sources;
}

async function readHookFile(
  file: string,
  plugin: Plugin,
  diagnostics: Diagnostic[],
): Promise<ConfigSource[]> {
  const document = await readConfigDocument(file, false);
  if (document.status === "failed") diagnostics.push(document.diagnostic);
  if (document.status !== "ok") return [];
  return [{ ...describePluginSource(file, plugin), document: document.value }];
}

function describePluginSource(file: string, plugin: Plugin): ConfigSource {
  return {
    file,
    layer: `plugin:${plugin.name}`,
    dialect: plugin.dialect,
    explicit: false,
    trust: "review",
    env: {
      PLUGIN_ROOT: plugin.root,
      PLUGIN_DATA: plugin.dataDirectory,
      CLAUDE_PLUGIN_ROOT: plugin.root,
      CLAUDE_PLUGIN_DATA: plugin.dataDirectory,
    },
  };
}

// `data` is reserved: `plugins/data/` holds every plugin's data folder.
function isPluginName(name: string): boolean {
  return name !== "" && name !== "." && name !== ".." && name !== "data" && !/[/\\]/.test(name);
}

async function isDirectory(directory: string): Promise<boolean> {
  try {
    return (await stat(directory)).isDirectory();
  } catch {
    return false;
  }
}
