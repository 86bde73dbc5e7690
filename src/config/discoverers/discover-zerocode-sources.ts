import path from "node:path";
import { createDiagnostic, type Diagnostic } from "../../diagnostic.js";
import type { Profile } from "../../profiles/profile.js";
import { selectProfileDialect } from "../../profiles/select-profile-dialect.js";
import { isRecord } from "../../shared/is-record.js";
import { quoteShellWord } from "../../shell/quote-shell-word.js";
import type { ConfigSource, DiscoveryOptions } from "../discover-config-files.js";
import { findGitRoot } from "../find-git-root.js";
import type { HookTrustMode } from "../hook-definition.js";
import { readConfigDocument } from "../read-config-document.js";
import { discoverPluginSources, listEnabledPlugins } from "./discover-plugin-sources.js";
import type { DiscoveredSources, ExcludedSource } from "./discovered-sources.js";
import { readProjectTrust } from "./read-project-trust.js";
import { type ParsedConfigFile, resolveHooksFeature } from "./resolve-hooks-feature.js";
import { resolveLayerFolders } from "./resolve-layer-folders.js";

/** One config layer's two hook forms: `hooks.json` and `config.toml` (parsed, or null when absent or invalid). */
interface ConfigLayer {
  name: "system" | "user" | "project";
  trust: HookTrustMode;
  hooksJson: ParsedConfigFile | null;
  configToml: ParsedConfigFile | null;
}

/**
 * Discovers the hook sources of a layered profile (ZeroCode, Codex), in the folders its
 * `configLocations` name, none overriding another, in configuration order: the system
 * layer, the user layer, the project layer (only when the user trusts the project), enabled
 * plugins, then the managed hooks of `requirements.toml`. Reads each file once; applies
 * `[features] hooks`, `requirements.toml` policy and project trust.
 */
export async function discoverZerocodeSources(
  profile: Profile,
  options: DiscoveryOptions,
): Promise<DiscoveredSources> {
  const diagnostics: Diagnostic[] = [];
  const dialect = selectProfileDialect(profile);
  const folders = resolveLayerFolders(profile, options);
  const systemDirectory = folders.system;
  const userDirectory = folders.user;
  const cwd = path.resolve(options.cwd);
  const projectRoot = findGitRoot(cwd) ?? cwd;
  const projectDirectory = path.join(projectRoot, folders.projectFolder);
  const read = async (file: string): Promise<ParsedConfigFile | null> => {
    const document = await readConfigDocument(file, false);
    if (document.status === "failed") diagnostics.push(document.diagnostic);
    return document.status === "ok" ? { file, document: document.value } : null;
  };
  const readLayer = async (
    name: ConfigLayer["name"],
    directory: string,
    trust: HookTrustMode,
  ): Promise<ConfigLayer> => ({
    name,
    trust,
    hooksJson: await read(path.join(directory, "hooks.json")),
    configToml: await read(path.join(directory, "config.toml")),
  });

  const system = await readLayer("system", systemDirectory, "managed");
  const user = await readLayer("user", userDirectory, "review");
  // With no git root the project layer is the cwd's; at home that is the user layer itself.
  const project =
    projectDirectory === userDirectory || projectDirectory === systemDirectory
      ? { name: "project" as const, trust: "review" as const, hooksJson: null, configToml: null }
      : await readLayer("project", projectDirectory, "review");
  const requirementsFile = path.join(systemDirectory, "requirements.toml");
  const requirementsDocument = await readConfigDocument(requirementsFile, false);
  if (requirementsDocument.status === "failed") diagnostics.push(requirementsDocument.diagnostic);
  const requirements =
    requirementsDocument.status === "ok"
      ? { file: requirementsFile, document: requirementsDocument.value }
      : null;
  // Policy fails closed: unreadable requirements allow managed hooks only.
  const policyUnreadable = requirementsDocument.status === "failed";

  const projectTrusted = readProjectTrust(user.configToml?.document, [projectRoot, cwd]);
  const featureLayers = [
    system.configToml,
    user.configToml,
    projectTrusted ? project.configToml : null,
  ];
  const feature = resolveHooksFeature(
    featureLayers.filter((layer): layer is ParsedConfigFile => layer !== null),
    requirements,
  );
  diagnostics.push(...feature.diagnostics);
  if (!feature.enabled) {
    const setting = feature.setting;
    const by = setting?.policy ? "administrator policy" : "configuration";
    const off = createDiagnostic(
      "hooks_disabled",
      "info",
      `Hooks are turned off by ${by}: [features] ${setting?.path.slice("features.".length) ?? "hooks"} = false in ${setting?.file ?? "configuration"}; no hooks are loaded`,
      { file: setting?.file ?? null, path: setting?.path ?? null },
    );
    diagnostics.push(off);
    const layers = projectTrusted ? [system, user, project] : [system, user];
    const found = layers.flatMap((layer) => describeLayerSources(layer, dialect, []));
    if (requirements !== null && hasInlineHooks(requirements)) {
      found.push(describeManagedSource(requirements, dialect));
    }
    const excluded = found.map((source) => ({
      source,
      reason: "hooks-off" as const,
      diagnostic: off,
    }));
    return { sources: [], diagnostics, hooksEnabled: false, excluded };
  }

  const sources: ConfigSource[] = [];
  const addLayer = (layer: ConfigLayer) =>
    sources.push(...describeLayerSources(layer, dialect, diagnostics));
  addLayer(system);
  if (policyUnreadable) {
    diagnostics.push(
      createDiagnostic(
        "hooks_disabled",
        "error",
        `${requirementsFile} cannot be read, so only managed hooks load (policy fails closed) until it is fixed`,
        { file: requirementsFile },
      ),
    );
  }
  const excluded: ExcludedSource[] = [];
  if (policyUnreadable || readManagedHooksOnly(requirements, diagnostics)) {
    const skipped = [
      ...listHookFiles(user),
      ...listHookFiles(project),
      ...listEnabledPlugins(user.configToml).map((name) => `plugin "${name}"`),
    ];
    if (skipped.length > 0) {
      const managedOnly = createDiagnostic(
        "hooks_disabled",
        "info",
        `allow_managed_hooks_only = true: only managed hooks load; skipped ${skipped.join(", ")}`,
        { file: requirements?.file ?? null, path: "allow_managed_hooks_only" },
      );
      diagnostics.push(managedOnly);
      for (const source of [user, project].flatMap((layer) =>
        describeLayerSources(layer, dialect, []),
      )) {
        excluded.push({ source, reason: "managed-only", diagnostic: managedOnly });
      }
    }
  } else {
    addLayer(user);
    const projectFiles = listHookFiles(project);
    if (projectTrusted) addLayer(project);
    else if (projectFiles.length > 0) {
      const untrusted = describeUntrustedProject(
        project,
        projectRoot,
        projectFiles,
        path.resolve(options.home),
      );
      diagnostics.push(untrusted);
      for (const source of describeLayerSources(project, dialect, [])) {
        excluded.push({ source, reason: "project-untrusted", diagnostic: untrusted });
      }
    }
    const plugins = await discoverPluginSources(user.configToml, {
      pluginsDirectory: path.join(userDirectory, "plugins"),
      dialect,
    });
    sources.push(...plugins.sources);
    diagnostics.push(...plugins.diagnostics);
  }
  if (requirements !== null && hasInlineHooks(requirements)) {
    sources.push(describeManagedSource(requirements, dialect));
  }
  return { sources, diagnostics, hooksEnabled: true, excluded };
}

/** The managed hooks of `requirements.toml`. */
function describeManagedSource(requirements: ParsedConfigFile, dialect: string): ConfigSource {
  return {
    file: requirements.file,
    layer: "managed",
    dialect,
    explicit: false,
    trust: "managed",
    document: requirements.document,
  };
}

/** A layer's hook sources: `hooks.json` first, then `config.toml`'s `[hooks]`; both → a warning. */
function describeLayerSources(
  layer: ConfigLayer,
  dialect: string,
  diagnostics: Diagnostic[],
): ConfigSource[] {
  const sources: ConfigSource[] = [];
  const describe = (parsed: ParsedConfigFile): ConfigSource => ({
    file: parsed.file,
    layer: layer.name,
    dialect,
    explicit: false,
    trust: layer.trust,
    document: parsed.document,
  });
  if (layer.hooksJson !== null) sources.push(describe(layer.hooksJson));
  if (layer.configToml !== null && hasInlineHooks(layer.configToml)) {
    sources.push(describe(layer.configToml));
    if (layer.hooksJson !== null) {
      diagnostics.push(
        createDiagnostic(
          "mixed_hook_sources",
          "warning",
          `The ${layer.name} layer defines hooks in both ${layer.hooksJson.file} and ${layer.configToml.file} [hooks]; both are loaded (prefer one form per layer)`,
          { file: layer.configToml.file, path: "hooks" },
        ),
      );
    }
  }
  return sources;
}

/** The layer's files that define hooks. */
function listHookFiles(layer: ConfigLayer): string[] {
  const files: string[] = [];
  if (layer.hooksJson !== null) files.push(layer.hooksJson.file);
  if (layer.configToml !== null && hasInlineHooks(layer.configToml)) {
    files.push(layer.configToml.file);
  }
  return files;
}

function hasInlineHooks(config: ParsedConfigFile): boolean {
  return isRecord(config.document) && config.document.hooks !== undefined;
}

function readManagedHooksOnly(
  requirements: ParsedConfigFile | null,
  diagnostics: Diagnostic[],
): boolean {
  if (requirements === null || !isRecord(requirements.document)) return false;
  const value = requirements.document.allow_managed_hooks_only;
  if (value === undefined || typeof value === "boolean") return value === true;
  diagnostics.push(
    createDiagnostic(
      "invalid_config",
      "error",
      "allow_managed_hooks_only must be true or false; it is treated as true (policy fails closed)",
      { file: requirements.file, path: "allow_managed_hooks_only" },
    ),
  );
  return true;
}

function describeUntrustedProject(
  project: ConfigLayer,
  projectRoot: string,
  files: readonly string[],
  home: string | undefined,
): Diagnostic {
  const count = [project.hooksJson, project.configToml]
    .map((parsed) => (parsed === null ? 0 : countHandlers(parsed)))
    .reduce((sum, value) => sum + value, 0);
  const handlers = `${count} handler${count === 1 ? "" : "s"}`;
  return createDiagnostic(
    "project_untrusted",
    "warning",
    `Project hooks are not loaded because ${projectRoot} is not trusted (${handlers} in ${files.join(", ")}); to trust it run: agent-hooks trust-project ${quoteShellWord(projectRoot)} --profile zerocode${home === undefined ? "" : ` --home ${quoteShellWord(home)}`}`,
    { file: files[0] ?? null, path: null },
  );
}

/** Handlers configured in a hooks document, counted without validating them. */
function countHandlers(parsed: ParsedConfigFile): number {
  if (!isRecord(parsed.document) || !isRecord(parsed.document.hooks)) return 0;
  let count = 0;
  for (const groups of Object.values(parsed.document.hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const group of groups) {
      if (isRecord(group) && Array.isArray(group.hooks)) count += group.hooks.length;
    }
  }
  return count;
}
