import path from "node:path";
import { loadConfig } from "../../src/config/load-config.js";
import { zerocodeProfile } from "../../src/profiles/zerocode.js";
import { evaluateHookTrust, type HookTrust } from "../../src/trust/evaluate-hook-trust.js";
import { createEmptyTrustStore, writeTrustStore } from "../../src/trust/trust-store.js";
import { recordHookTrusted } from "../../src/trust/update-trust-store.js";

/**
 * Trusts every ZeroCode hook the configuration under `home`, `cwd` and `systemDir` holds now, at
 * its current hash, as `hooks trust --all` does, and returns their trust in configuration order.
 *
 * @example
 * ```ts
 * const [trust] = await trustEveryHook({ home, cwd: root, systemDir });
 * ```
 */
export async function trustEveryHook(where: {
  home: string;
  cwd: string;
  systemDir: string;
}): Promise<HookTrust[]> {
  const { definitions } = await loadConfig(zerocodeProfile, where);
  const inventory = await evaluateHookTrust(definitions, createEmptyTrustStore(), {
    cwd: where.cwd,
    home: where.home,
  });
  let store = createEmptyTrustStore();
  for (const [definition, trust] of inventory) {
    store = recordHookTrusted(store, { definition, trust });
  }
  const written = await writeTrustStore(
    path.join(where.home, ".zerotwo", "hooks-trust.json"),
    store,
  );
  if (!written.ok)
    throw new Error(`the trust store could not be written: ${JSON.stringify(written)}`);
  return [...inventory.values()];
}
