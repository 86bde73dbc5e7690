import path from "node:path";
import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import type { Profile } from "../../profiles/profile.js";
import { selectProfileDialect } from "../../profiles/select-profile-dialect.js";
import { expandHome } from "../../shared/expand-home.js";
import { isRecord } from "../../shared/is-record.js";
import {
  type ConfigSource,
  type DiscoveryOptions,
  discoverConfigFiles,
} from "../discover-config-files.js";
import type { HookTrustMode } from "../hook-definition.js";
import { readConfigDocument } from "../read-config-document.js";
import { discoverClaudePluginSources } from "./discover-claude-plugin-sources.js";
import type { DiscoveredSources, ExcludedSource, ExclusionReason } from "./discovered-sources.js";
import { findClaudePluginRoot } from "./find-claude-plugin-root.js";
import { listClaudePluginOptions } from "./list-claude-plugin-options.js";
import { listEnabledClaudePlugins } from "./list-enabled-claude-plugins.js";
import { readHttpHookPolicy } from "./read-http-hook-policy.js";

/** A settings file that was read, with where it sits in the layers. */
export interface SettingsLayer {
  file: string;
  layer: string;
  explicit: boolean;
  settings: Record<string, unknown>;
}

/** A boolean setting and the file that set it. */
interface BooleanSetting {
  value: boolean;
  file: string;
}

const managedLayer = "managed";

/**
 * Discovers Claude Code's settings files, each adding its hooks, in configuration order: the
 * managed settings file (`managedSettings`), then the profile's locations (user, project, local)
 * or the explicit `configFiles` that replace them, then the hooks of the plugins `enabledPlugins`
 * turns on (layer `plugin:<id>`). Files are read once as lenient JSONC; keys other than the hook
 * and plugin settings are ignored. `disableAllHooks` turns hooks off (set outside the managed file
 * it leaves managed hooks running); `allowManagedHooksOnly` in the managed file keeps only managed
 * hooks and the hooks of plugins the managed file enables.
 */
export async function discoverClaudeSources(
  profile: Profile,
  options: DiscoveryOptions,
): Promise<DiscoveredSources> {
  const diagnostics: Diagnostic[] = [];
  const layers = await readClaudeSettingsLayers(profile, options, diagnostics);
  // Read from every file, the configFiles included, whatever policy keeps from loading.
  const httpHookPolicy = readHttpHookPolicy(layers, diagnostics);
  const managed = layers.filter((layer) => layer.layer === managedLayer);
  const others = layers.filter((layer) => layer.layer !== managedLayer);
  const read = (layer: SettingsLayer, key: string) => readBooleanSetting(layer, key, diagnostics);

  // Settings merge by precedence: managed first, then the last file (local over project over user).
  const managedDisable = findSetting(managed, read, "disableAllHooks");
  const otherDisable = findSetting([...others].reverse(), read, "disableAllHooks");
  const managedOnly = findSetting(managed, read, "allowManagedHooksOnly");
  for (const layer of others) {
    if (layer.settings.allowManagedHooksOnly === undefined) continue;
    diagnostics.push(
      createDiagnostic(
        "invalid_config",
        "warning",
        `allowManagedHooksOnly is honoured only in managed settings; it is ignored in ${layer.file}`,
        { file: layer.file, path: "allowManagedHooksOnly" },
      ),
    );
  }

  const dialect = selectProfileDialect(profile);
  const enabledPlugins = listEnabledClaudePlugins(managed, others, diagnostics);
  const pluginOptions = listClaudePluginOptions(managed, others, diagnostics);
  const plugins = await discoverClaudePluginSources(
    enabledPlugins,
    options,
    dialect,
    pluginOptions,
  );
  diagnostics.push(...plugins.diagnostics);
  const pluginSources = plugins.sources.map((plugin) => plugin.source);
  const managedSources = managed.filter(hasHooks).map((layer) => describeSource(layer, profile));
  const otherSources = others.filter(hasHooks).map((layer) => describeSource(layer, profile));
  const exclude = (
    sources: readonly ConfigSource[],
    reason: ExclusionReason,
    diagnostic: Diagnostic,
  ): ExcludedSource[] => sources.map((source) => ({ source, reason, diagnostic }));
  if (managedDisable?.value === true) {
    const off = createDiagnostic(
      "hooks_disabled",
      "info",
      `Hooks are turned off by managed settings: disableAllHooks = true in ${managedDisable.file}; no hooks are loaded`,
      { file: managedDisable.file, path: "disableAllHooks" },
    );
    diagnostics.push(off);
    const excluded = exclude(
      [...managedSources, ...otherSources, ...pluginSources],
      "hooks-off",
      off,
    );
    return { sources: [], diagnostics, hooksEnabled: false, excluded, httpHookPolicy };
  }

  if (managedDisable === null && otherDisable?.value === true) {
    const kept = managedSources.length > 0 ? "; managed hooks still run" : "";
    const which =
      pluginSources.length > 0 ? "user, project, local and plugin" : "user, project and local";
    const off = createDiagnostic(
      "hooks_disabled",
      "info",
      `Hooks are turned off: disableAllHooks = true in ${otherDisable.file}; ${which} hooks are not loaded${kept}`,
      { file: otherDisable.file, path: "disableAllHooks" },
    );
    diagnostics.push(off);
    return {
      sources: managedSources,
      diagnostics,
      hooksEnabled: managedSources.length > 0,
      excluded: exclude([...otherSources, ...pluginSources], "hooks-off", off),
      httpHookPolicy,
    };
  }
  if (managedOnly?.value === true) {
    // Plugins that the managed settings enable are the administrator's: their hooks still load.
    const managedPlugins = plugins.sources
      .filter((plugin) => plugin.managed)
      .map((plugin) => plugin.source);
    const otherPlugins = plugins.sources
      .filter((plugin) => !plugin.managed)
      .map((plugin) => plugin.source);
    const kept = [...managedSources, ...managedPlugins];
    const skipped = [...otherSources, ...otherPlugins];
    if (skipped.length === 0) {
      return { sources: kept, diagnostics, hooksEnabled: true, httpHookPolicy };
    }
    const only = createDiagnostic(
      "hooks_disabled",
      "info",
      `allowManagedHooksOnly = true in ${managedOnly.file}: only managed hooks load; skipped ${skipped.map((source) => source.file).join(", ")}`,
      { file: managedOnly.file, path: "allowManagedHooksOnly" },
    );
    diagnostics.push(only);
    return {
      sources: kept,
      diagnostics,
      hooksEnabled: true,
      excluded: exclude(skipped, "managed-only", only),
      httpHookPolicy,
    };
  }
  return {
    sources: [...managedSources, ...otherSources, ...pluginSources],
    diagnostics,
    hooksEnabled: true,
    httpHookPolicy,
  };
}

/**
 * Reads Claude Code's settings files in configuration order (managed, then user, project and
 * local, or the explicit `configFiles`), each once, with the profile's `configSyntax` (Claude
 * Code: strict JSON, see `parseSettingsJsonDocument`); a file that cannot be read
 * or is not an object is reported and left out.
 */
export async function readClaudeSettingsLayers(
  profile: Profile,
  options: DiscoveryOptions,
  diagnostics: Diagnostic[],
): Promise<SettingsLayer[]> {
  const layers: SettingsLayer[] = [];
  for (const candidate of listClaudeSettingsFiles(profile, options)) {
    const document = await readConfigDocument(
      candidate.file,
      candidate.explicit,
      profile.configSyntax ?? "json",
      profile.title,
    );
    if (document.status === "failed") diagnostics.push(document.diagnostic);
    if (document.status !== "ok") continue;
    // An empty settings file is empty settings.
    const settings = document.value ?? {};
    if (isRecord(settings)) layers.push({ ...candidate, settings });
    else {
      diagnostics.push(
        createDiagnostic(
          "invalid_config",
          "error",
          `Settings file ${candidate.file} must contain a JSON object; it is skipped`,
          { file: candidate.file },
        ),
      );
    }
  }
  return layers;
}

/** The settings files to read, in configuration order (managed first), each once. */
export function listClaudeSettingsFiles(
  profile: Profile,
  options: DiscoveryOptions,
): Omit<SettingsLayer, "settings">[] {
  const files: Omit<SettingsLayer, "settings">[] = [];
  if (options.managedSettings !== undefined) {
    files.push({
      file: path.resolve(options.cwd, expandHome(options.managedSettings, options.home)),
      layer: managedLayer,
      explicit: true,
    });
  }
  for (const source of discoverConfigFiles(profile, options)) {
    files.push({ file: source.file, layer: source.layer, explicit: source.explicit });
  }
  // With the cwd at home, the project settings file is the user settings file: read it once.
  const seen = new Set<string>();
  return files.filter((entry) => {
    if (seen.has(entry.file)) return false;
    seen.add(entry.file);
    return true;
  });
}

function findSetting(
  layers: readonly SettingsLayer[],
  read: (layer: SettingsLayer, key: string) => BooleanSetting | null,
  key: string,
): BooleanSetting | null {
  for (const layer of layers) {
    const setting = read(layer, key);
    if (setting !== null) return setting;
  }
  return null;
}

function readBooleanSetting(
  layer: SettingsLayer,
  key: string,
  diagnostics: Diagnostic[],
): BooleanSetting | null {
  const value = layer.settings[key];
  if (value === undefined) return null;
  if (typeof value === "boolean") return { value, file: layer.file };
  diagnostics.push(
    createDiagnostic(
      "invalid_config",
      "warning",
      `${key} must be true or false; it is ignored in ${layer.file}`,
      { file: layer.file, path: key },
    ),
  );
  return null;
}

function hasHooks(layer: SettingsLayer): boolean {
  return layer.settings.hooks !== undefined;
}

function describeSource(layer: SettingsLayer, profile: Profile): ConfigSource {
  const trust: HookTrustMode =
    layer.layer === managedLayer ? "managed" : profile.trust === null ? "none" : "review";
  const pluginRoot = findClaudePluginRoot(layer.file);
  return {
    file: layer.file,
    layer: layer.layer,
    dialect: selectProfileDialect(profile),
    explicit: layer.explicit,
    trust,
    document: layer.settings,
    // A plugin's hooks reach their files through ${CLAUDE_PLUGIN_ROOT}.
    ...(pluginRoot !== null && { env: { CLAUDE_PLUGIN_ROOT: pluginRoot } }),
  };
}
