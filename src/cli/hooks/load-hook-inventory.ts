import { stat } from "node:fs/promises";
import path from "node:path";
import type { DiscoveryOptions } from "../../config/discover-config-files.js";
import type { HookDefinition } from "../../config/hook-definition.js";
import type { Diagnostic } from "../../diagnostic.js";
import { loadHookSnapshot } from "../../engine/load-hook-snapshot.js";
import type { Profile } from "../../profiles/profile.js";
import { expandHome } from "../../shared/expand-home.js";
import { evaluateHookTrust, type HookTrust } from "../../trust/evaluate-hook-trust.js";
import { findHookScripts } from "../../trust/find-hook-scripts.js";
import type { NotHashedWord } from "../../trust/resolve-hook-script.js";
import { createEmptyTrustStore, readTrustStore, type TrustStore } from "../../trust/trust-store.js";

/** The script a hook runs, and whether it exists as a file now. */
export interface HookScript {
  path: string;
  exists: boolean;
}

/** One configured hook with its trust and scripts. */
export interface HookInventoryEntry {
  definition: HookDefinition;
  trust: HookTrust;
  /** The first script file its command names (not a path a lookup only looked at), or null. */
  script: HookScript | null;
  /** Every script file it runs that is hashed, in order. */
  scripts: HookScript[];
  /** Script words, as written, whose files cannot be known before it runs: not hashed. */
  notHashed: readonly NotHashedWord[];
}

/** Every hook of a profile with its trust, and the store it was evaluated against. */
export interface HookInventory {
  profile: Profile;
  /** The trust store file, or null when the profile has no hook trust (its hooks are all `none`). */
  storeFile: string | null;
  /** The trust store read (empty when the profile has no hook trust). */
  store: TrustStore;
  entries: HookInventoryEntry[];
  /** Configuration and trust store diagnostics. */
  diagnostics: Diagnostic[];
  /** False when configuration turns hooks off (`[features] hooks = false`). */
  hooksEnabled: boolean;
}

/**
 * Loads a profile's hooks and its trust store; for a profile without hook trust no store is read
 * and every hook's trust state is `none`.
 */
export async function loadHookInventory(
  profile: Profile,
  discovery: DiscoveryOptions,
): Promise<HookInventory> {
  const storeFile =
    profile.trust === null
      ? null
      : path.resolve(discovery.cwd, expandHome(profile.trust.storeFile, discovery.home));
  // Trust is evaluated here rather than by a gate: the list shows every state and keeps the store.
  const [loaded, read] = await Promise.all([
    loadHookSnapshot(profile, { ...discovery, trust: false }),
    storeFile === null
      ? { store: createEmptyTrustStore(), diagnostics: [] }
      : readTrustStore(storeFile),
  ]);
  const where = {
    cwd: discovery.cwd,
    home: discovery.home,
    projectDirectoryVariables: profile.projectDirectoryVariables,
    shell: profile.shell,
  };
  const trust = await evaluateHookTrust(loaded.definitions, read.store, where);
  const entries = await Promise.all(
    loaded.definitions.map(async (definition) => {
      const found = findHookScripts(definition, where);
      const scripts = await Promise.all(found.files.map(describeScript));
      return {
        definition,
        trust: trust.get(definition) as HookTrust,
        // The first script the command names, not a path a lookup only looked at.
        script: scripts.find((script) => found.observed?.includes(script.path) !== true) ?? null,
        scripts,
        notHashed: found.notHashed,
      };
    }),
  );
  return {
    profile,
    storeFile,
    store: read.store,
    entries,
    diagnostics: [...loaded.configDiagnostics, ...read.diagnostics],
    hooksEnabled: loaded.hooksEnabled,
  };
}

/** Why `hooks trust|disable|enable|review` do not apply to a profile without hook trust. */
export function describeNoHookTrust(profile: Profile): string {
  return `profile "${profile.name}" (${profile.title}) has no hook trust: its hooks run without review`;
}

/** The hook with `id`: the first, which is the one that runs (identical hooks of one file share an id). */
export function findHookById(inventory: HookInventory, id: string): HookInventoryEntry | undefined {
  return inventory.entries.find((entry) => entry.trust.id === id);
}

async function describeScript(script: string): Promise<HookScript> {
  const exists = await stat(script).then(
    (stats) => stats.isFile(),
    () => false,
  );
  return { path: script, exists };
}
