import type { Diagnostic } from "../diagnostic.js";
import type { Profile } from "../profiles/profile.js";
import { loadDialectParser } from "./dialects/dialect-parsers.js";
import type { ConfigSource, DiscoveryOptions } from "./discover-config-files.js";
import { discoverHookSources } from "./discoverers/discover-hook-sources.js";
import type { ExcludedSource } from "./discoverers/discovered-sources.js";
import type { HookDefinition } from "./hook-definition.js";
import type { HttpHookPolicy } from "./http-hook-policy.js";
import { readConfigDocument } from "./read-config-document.js";

/** Every handler definition from a profile's configuration, in configuration order. */
export interface LoadedConfig {
  sources: ConfigSource[];
  definitions: HookDefinition[];
  diagnostics: Diagnostic[];
  /** False when `[features] hooks = false` turns hooks off: `definitions` is then empty and a `hooks_disabled` diagnostic says which file did it. */
  hooksEnabled: boolean;
  /** Sources found but kept from loading by policy (parsed only by `explain`). */
  excluded: ExcludedSource[];
  /** Claude Code's http hook policy from the settings files (`claude` profile only); applied by `applyHttpHookPolicy`. */
  httpHookPolicy?: HttpHookPolicy;
}

/**
 * Reads and parses every configuration file of a profile once; never throws on bad files.
 *
 * @example
 * ```ts
 * const loaded = await loadConfig(zerocodeProfile, { home: os.homedir(), cwd: process.cwd() });
 * for (const diagnostic of loaded.diagnostics) console.warn(diagnostic.message);
 * ```
 */
export async function loadConfig(
  profile: Profile,
  options: DiscoveryOptions,
): Promise<LoadedConfig> {
  const discovered = await discoverHookSources(profile, options);
  const loaded: LoadedConfig = {
    sources: discovered.sources,
    definitions: [],
    diagnostics: [...discovered.diagnostics],
    hooksEnabled: discovered.hooksEnabled,
    excluded: discovered.excluded ?? [],
    ...(discovered.httpHookPolicy !== undefined && { httpHookPolicy: discovered.httpHookPolicy }),
  };
  const groupOffsets: Record<string, number> = {};
  for (const source of discovered.sources) {
    const document = await readSourceDocument(source, profile);
    if (!document.ok) {
      if (document.diagnostic !== null) loaded.diagnostics.push(document.diagnostic);
      continue;
    }
    const parser = await loadDialectParser(source.dialect);
    if (parser === undefined) {
      throw new Error(`Profile "${profile.name}" names an unknown dialect "${source.dialect}"`);
    }
    const result = parser(document.value, source, profile);
    loaded.diagnostics.push(...result.diagnostics);
    for (const definition of result.definitions) {
      const offset = groupOffsets[definition.event] ?? 0;
      loaded.definitions.push({ ...definition, groupIndex: definition.groupIndex + offset });
    }
    for (const [event, count] of Object.entries(result.groupCounts)) {
      groupOffsets[event] = (groupOffsets[event] ?? 0) + count;
    }
  }
  return loaded;
}

async function readSourceDocument(
  source: ConfigSource,
  profile: Profile,
): Promise<{ ok: true; value: unknown } | { ok: false; diagnostic: Diagnostic | null }> {
  if (source.document !== undefined) return { ok: true, value: source.document };
  const syntax = profile.configSyntax ?? "json";
  const document = await readConfigDocument(source.file, source.explicit, syntax, profile.title);
  if (document.status === "ok") return { ok: true, value: document.value };
  return { ok: false, diagnostic: document.status === "failed" ? document.diagnostic : null };
}
