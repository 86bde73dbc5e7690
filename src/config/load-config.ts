import { readFile } from "node:fs/promises";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { Profile } from "../profiles/profile.js";
import { dialectParsers } from "./dialects/dialect-parsers.js";
import {
  type ConfigSource,
  type DiscoveryOptions,
  discoverConfigFiles,
} from "./discover-config-files.js";
import type { HookDefinition } from "./hook-definition.js";
import { parseJsonDocument } from "./parse-json-document.js";

/** Every handler definition from a profile's configuration, in configuration order. */
export interface LoadedConfig {
  sources: ConfigSource[];
  definitions: HookDefinition[];
  diagnostics: Diagnostic[];
}

/** Reads and parses every configuration file of a profile once; never throws on bad files. */
export async function loadConfig(
  profile: Profile,
  options: DiscoveryOptions,
): Promise<LoadedConfig> {
  const sources = discoverConfigFiles(profile, options);
  const loaded: LoadedConfig = { sources, definitions: [], diagnostics: [] };
  const groupOffsets: Record<string, number> = {};
  for (const source of sources) {
    const text = await readConfigText(source, loaded.diagnostics);
    if (text === null) continue;
    const document = parseJsonDocument(text, source.file);
    if (!document.ok) {
      loaded.diagnostics.push(document.diagnostic);
      continue;
    }
    const parser = dialectParsers[source.dialect];
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

async function readConfigText(
  source: ConfigSource,
  diagnostics: Diagnostic[],
): Promise<string | null> {
  try {
    return await readFile(source.file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" && !source.explicit) return null;
    const reason =
      code === "ENOENT" ? "does not exist" : `cannot be read (${code ?? String(error)})`;
    diagnostics.push(
      createDiagnostic(
        code === "ENOENT" ? "config_not_found" : "invalid_config",
        "error",
        `Configuration file ${source.file} ${reason}`,
        { file: source.file },
      ),
    );
    return null;
  }
}
