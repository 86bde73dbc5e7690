import { stat } from "node:fs/promises";
import path from "node:path";
import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import { createPrivateDirectory } from "../../shared/create-private-directory.js";
import { formatJsonPath } from "../../shared/format-json-path.js";
import { isRecord } from "../../shared/is-record.js";
import type { ConfigSource, DiscoveryOptions } from "../discover-config-files.js";
import { readConfigDocument } from "../read-config-document.js";
import { createPluginOptionVariables } from "./create-plugin-option-variables.js";
import type { ClaudePluginOptions } from "./list-claude-plugin-options.js";
import type { EnabledClaudePlugin } from "./list-enabled-claude-plugins.js";
import { readInstalledClaudePlugins } from "./read-installed-claude-plugins.js";
import { resolveClaudePluginDataDirectory } from "./resolve-claude-plugin-data-directory.js";
import { resolvePluginPath } from "./resolve-plugin-path.js";

/** A file plugin discovery looked at, for `config path`: its layer and whether it exists. */
export interface ClaudePluginFile {
  file: string;
  layer: string;
  exists: boolean;
}

/** A hook source of an enabled plugin, and whether the managed settings file enabled that plugin. */
export interface ClaudePluginSource {
  source: ConfigSource;
  managed: boolean;
}

/** What plugin discovery found: hook sources, the files it looked at, and problems. */
export interface ClaudePluginSources {
  sources: ClaudePluginSource[];
  files: ClaudePluginFile[];
  diagnostics: Diagnostic[];
}

/** An installed, enabled plugin. */
interface Plugin {
  id: string;
  root: string;
  layer: string;
  managed: boolean;
  /** Its `CLAUDE_PLUGIN_DATA` folder, `~/.claude/plugins/data/<id>` (null for an empty id). */
  dataDirectory: string | null;
  /** The option values saved for it in the settings' `pluginConfigs`, or undefined. */
  options: Readonly<Record<string, unknown>> | undefined;
}

/**
 * Finds the hooks of each enabled Claude Code plugin: the plugin's folder from
 * `~/.claude/plugins/installed_plugins.json`, then its `hooks/hooks.json` (always read when it
 * exists) and the `hooks` entry of its manifest `.claude-plugin/plugin.json` (`./` paths, a list
 * of them, or an inline hooks object). Each source is layer `plugin:<id>` and its handlers get
 * `CLAUDE_PLUGIN_ROOT`, `CLAUDE_PLUGIN_DATA` (`~/.claude/plugins/data/<id>`, created mode 0700
 * when the plugin has hooks) and a `CLAUDE_PLUGIN_OPTION_<KEY>` per option (`pluginOptions`, else
 * the manifest's `userConfig` defaults). An enabled plugin that is not installed, a bad manifest and
 * a hooks path outside the plugin root are `invalid_plugin` diagnostics naming the file and JSON
 * path.
 */
export async function discoverClaudePluginSources(
  plugins: readonly EnabledClaudePlugin[],
  options: DiscoveryOptions,
  dialect: string,
  pluginOptions: ClaudePluginOptions = new Map(),
): Promise<ClaudePluginSources> {
  const found: ClaudePluginSources = { sources: [], files: [], diagnostics: [] };
  if (plugins.length === 0) return found;
  const installed = await readInstalledClaudePlugins(options.home, found.diagnostics);
  found.files.push({
    file: installed.file,
    layer: "plugins",
    exists: await isFile(installed.file),
  });
  for (const enabled of plugins) {
    const installation = installed.find(enabled.id, options.cwd);
    const where = { file: enabled.file, path: formatJsonPath(["enabledPlugins", enabled.id]) };
    const warn = (message: string, at: { file: string; path: string } | null = null) =>
      found.diagnostics.push(createDiagnostic("invalid_plugin", "warning", message, at ?? where));
    const subject = `Plugin "${enabled.id}" is enabled in ${enabled.file} but`;
    if (!installation.found) {
      warn(
        `${subject} ${installation.reason}; its hooks are not loaded`,
        installation.diagnosticPath,
      );
      continue;
    }
    if (!(await isDirectory(installation.root))) {
      warn(`${subject} its folder ${installation.root} does not exist; its hooks are not loaded`);
      continue;
    }
    const plugin = {
      id: enabled.id,
      root: installation.root,
      layer: `plugin:${enabled.id}`,
      managed: enabled.managed,
      dataDirectory: resolveClaudePluginDataDirectory(options.home, enabled.id),
      options: pluginOptions.get(enabled.id),
    };
    const sources = await readPluginHookSources(plugin, dialect, found);
    // Claude Code creates the folder when it is first referenced; here, when the hooks load.
    if (sources.length > 0 && plugin.dataDirectory !== null) {
      const failure = await createPrivateDirectory(plugin.dataDirectory);
      if (failure !== null) {
        warn(`Plugin "${enabled.id}" has no data folder ${plugin.dataDirectory}: ${failure}`);
      }
    }
    for (const source of sources) found.sources.push({ source, managed: plugin.managed });
  }
  return found;
}

async function readPluginHookSources(
  plugin: Plugin,
  dialect: string,
  found: ClaudePluginSources,
): Promise<ConfigSource[]> {
  const { diagnostics } = found;
  const manifestFile = path.join(plugin.root, ".claude-plugin", "plugin.json");
  const defaultFile = path.join(plugin.root, "hooks", "hooks.json");
  const manifestExists = await isFile(manifestFile);
  found.files.push({ file: manifestFile, layer: plugin.layer, exists: manifestExists });
  // The manifest is optional: without it, components are found at their default places.
  const manifest = await readConfigDocument(manifestFile, false, "json");
  if (manifest.status === "failed") {
    diagnostics.push(manifest.diagnostic);
    diagnostics.push(
      createDiagnostic(
        "invalid_plugin",
        "error",
        `Plugin "${plugin.id}" has a manifest that cannot be read; its hooks are not loaded`,
        { file: manifestFile },
      ),
    );
    return [];
  }
  if (manifest.status === "ok" && !isRecord(manifest.value)) {
    diagnostics.push(
      createDiagnostic(
        "invalid_plugin",
        "error",
        `Plugin "${plugin.id}" manifest must contain a JSON object; its hooks are not loaded`,
        { file: manifestFile },
      ),
    );
    return [];
  }
  const sources: ConfigSource[] = [];
  const optionVariables = createPluginOptionVariables(
    {
      pluginId: plugin.id,
      userConfig:
        manifest.status === "ok" && isRecord(manifest.value)
          ? manifest.value.userConfig
          : undefined,
      saved: plugin.options,
      manifestFile,
    },
    diagnostics,
  );
  const describe = (file: string): ConfigSource => ({
    file,
    layer: plugin.layer,
    dialect,
    explicit: false,
    trust: "none",
    // The engine sets it for every handler of the source: `${CLAUDE_PLUGIN_ROOT}/scripts/…` works.
    env: {
      ...optionVariables,
      CLAUDE_PLUGIN_ROOT: plugin.root,
      ...(plugin.dataDirectory !== null && { CLAUDE_PLUGIN_DATA: plugin.dataDirectory }),
    },
  });
  const readHookFile = async (file: string) => {
    // Claude Code 2.1.328 reads a plugin's hooks file with JSON.parse: a comment, a trailing comma
    // or a byte-order mark fails it ("Failed to load hooks for <plugin>: JSON Parse error: …").
    const document = await readConfigDocument(file, false, "json");
    if (document.status === "failed") {
      const { diagnostic } = document;
      diagnostics.push(
        diagnostic.code === "invalid_json"
          ? {
              ...diagnostic,
              message: `${diagnostic.message}. Claude Code reads a plugin's hooks file as strict JSON; comments, trailing commas or a byte-order mark make it skip the whole file ("Failed to load hooks for ${plugin.id}"), so none of its hooks run`,
            }
          : diagnostic,
      );
    }
    if (document.status === "ok") sources.push({ ...describe(file), document: document.value });
  };

  const defaultExists = await isFile(defaultFile);
  found.files.push({ file: defaultFile, layer: plugin.layer, exists: defaultExists });
  if (defaultExists) {
    const resolved = await resolvePluginPath(plugin.root, "./hooks/hooks.json");
    if (resolved.ok) await readHookFile(defaultFile);
    else refuse(plugin, defaultFile, null, `hooks/hooks.json ${resolved.reason}`, diagnostics);
  }

  const hooks =
    manifest.status === "ok" && isRecord(manifest.value) ? manifest.value.hooks : undefined;
  if (hooks === undefined) return sources;
  if (isRecord(hooks)) {
    // Inline hooks: the manifest itself is the document, read at its `hooks` key.
    sources.push({
      ...describe(manifestFile),
      document: manifest.status === "ok" ? manifest.value : {},
    });
    return sources;
  }
  const entries: [unknown, (string | number)[]][] = Array.isArray(hooks)
    ? hooks.map((entry: unknown, index) => [entry, ["hooks", index]])
    : [[hooks, ["hooks"]]];
  for (const [entry, segments] of entries) {
    const at = formatJsonPath(segments);
    if (typeof entry !== "string") {
      const shape = Array.isArray(hooks)
        ? 'must be a "./"-prefixed path (inline hooks go directly under "hooks")'
        : 'must be a "./"-prefixed path, a list of them, or an inline hooks object';
      refuse(plugin, manifestFile, at, `manifest ${at} ${shape}`, diagnostics);
      continue;
    }
    const resolved = await resolvePluginPath(plugin.root, entry);
    if (!resolved.ok) {
      refuse(plugin, manifestFile, at, `manifest ${at} ${resolved.reason}`, diagnostics);
      continue;
    }
    if (resolved.file === defaultFile || sources.some((source) => source.file === resolved.file)) {
      diagnostics.push(
        createDiagnostic(
          "invalid_plugin",
          "warning",
          `Plugin "${plugin.id}" manifest ${at} names ${entry}, which is already loaded (hooks/hooks.json is always read); it is read once`,
          { file: manifestFile, path: at },
        ),
      );
      continue;
    }
    found.files.push({ file: resolved.file, layer: plugin.layer, exists: true });
    await readHookFile(resolved.file);
  }
  return sources;
}

function refuse(
  plugin: Plugin,
  file: string,
  at: string | null,
  reason: string,
  diagnostics: Diagnostic[],
): void {
  diagnostics.push(
    createDiagnostic(
      "invalid_plugin",
      "error",
      `Plugin "${plugin.id}" ${reason}; it is not loaded`,
      { file, path: at },
    ),
  );
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function isDirectory(directory: string): Promise<boolean> {
  try {
    return (await stat(directory)).isDirectory();
  } catch {
    return false;
  }
}
