import type { HookDefinition } from "../config/hook-definition.js";
import type { HookTrust } from "./evaluate-hook-trust.js";
import { findTrustEntry, type TrustEntry, type TrustStore } from "./trust-store.js";

/** A hook with its evaluated trust, as the store updates take it. */
export interface TrustedHookInput {
  definition: HookDefinition;
  trust: HookTrust;
}

/**
 * A copy of `store` with the hook trusted at its current hash (enabling it if it was disabled).
 * A hook of a profile without trust (no hash) is left as it is.
 */
export function recordHookTrusted(
  store: TrustStore,
  hook: TrustedHookInput,
  now: Date = new Date(),
): TrustStore {
  if (hook.trust.hash === null) return store;
  return withEntry(store, hook.trust.id, describeEntry(hook, "trusted", hook.trust.hash, now));
}

/**
 * A copy of `store` with the hook disabled; the hash it was trusted at (if any) is kept so that
 * enabling it again restores that trust. Managed hooks are never disabled (the store is returned
 * unchanged).
 */
export function recordHookDisabled(
  store: TrustStore,
  hook: TrustedHookInput,
  now: Date = new Date(),
): TrustStore {
  if (hook.definition.trust === "managed") return store;
  const previous = findTrustEntry(store, hook.trust.id);
  return withEntry(
    store,
    hook.trust.id,
    describeEntry(hook, "disabled", previous?.hash ?? null, now),
  );
}

/**
 * A copy of `store` with a disabled hook enabled: trusted again at the hash it was trusted at
 * before (so it is `modified` if it changed since), or back to needing review if it never was.
 */
export function recordHookEnabled(
  store: TrustStore,
  hook: TrustedHookInput,
  now: Date = new Date(),
): TrustStore {
  const previous = findTrustEntry(store, hook.trust.id);
  if (previous?.state !== "disabled") return store;
  if (previous.hash === null) {
    const hooks = { ...store.hooks };
    delete hooks[hook.trust.id];
    return { ...store, hooks };
  }
  return withEntry(store, hook.trust.id, describeEntry(hook, "trusted", previous.hash, now));
}

function describeEntry(
  hook: TrustedHookInput,
  state: TrustEntry["state"],
  hash: string | null,
  now: Date,
): TrustEntry {
  return {
    state,
    hash,
    event: hook.definition.event,
    command: hook.definition.command,
    file: hook.definition.file,
    updatedAt: now.toISOString(),
    ...(state === "trusted" &&
      hook.trust.resolutionKey !== undefined &&
      hook.trust.files !== undefined && {
        resolution: {
          key: hook.trust.resolutionKey,
          files: [...hook.trust.files],
          notHashed: (hook.trust.notHashed ?? []).map(({ word, reason, file, role }) => ({
            word,
            reason,
            ...(file !== undefined && { file }),
            ...(role !== undefined && { role }),
          })),
        },
      }),
  };
}

function withEntry(store: TrustStore, id: string, entry: TrustEntry): TrustStore {
  return { ...store, hooks: { ...store.hooks, [id]: entry } };
}
