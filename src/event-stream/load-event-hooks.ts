import { discoverConfigFiles } from "../config/discover-config-files.js";
import { readConfigDocument } from "../config/read-config-document.js";
import type { Diagnostic } from "../diagnostic.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { EventHook } from "./event-hook.js";
import { parseEventHooks } from "./parse-event-hooks.js";

/** Where to find the event-stream configuration. */
export interface EventHookLocations {
  /** The home directory holding `.deepagents/hooks.json`. */
  home: string;
  /** The directory relative `configFiles` are resolved against. */
  cwd: string;
  /** Files to read instead of `~/.deepagents/hooks.json`; a missing one is an error. */
  configFiles?: readonly string[] | undefined;
}

/** Every event-stream hook in configuration order, the files read, and the diagnostics. */
export interface LoadedEventHooks {
  files: string[];
  hooks: EventHook[];
  diagnostics: Diagnostic[];
}

/**
 * Reads `~/.deepagents/hooks.json` (or the given files) once, asynchronously, and parses the
 * list form; never throws. A missing default file means no hooks and no diagnostic.
 *
 * @example
 * ```ts
 * const loaded = await loadEventHooks({ home: os.homedir(), cwd: process.cwd() });
 * for (const diagnostic of loaded.diagnostics) console.warn(diagnostic.message);
 * ```
 */
export async function loadEventHooks(locations: EventHookLocations): Promise<LoadedEventHooks> {
  const sources = discoverConfigFiles(deepagentsProfile, locations);
  const loaded: LoadedEventHooks = { files: [], hooks: [], diagnostics: [] };
  for (const source of sources) {
    const document = await readConfigDocument(source.file, source.explicit);
    if (document.status === "missing") continue;
    loaded.files.push(source.file);
    if (document.status === "failed") {
      loaded.diagnostics.push(document.diagnostic);
      continue;
    }
    const parsed = parseEventHooks(document.value, source.file);
    loaded.hooks.push(...parsed.hooks);
    loaded.diagnostics.push(...parsed.diagnostics);
  }
  return loaded;
}
