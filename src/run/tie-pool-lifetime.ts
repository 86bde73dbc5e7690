import type { PrewarmedHandlerPool } from "./prewarmed-handler-pool.js";

/** Pools whose owners are alive and not closed: killed at once if the host exits. */
const livePools = new Set<PrewarmedHandlerPool>();

let exitListenerAdded = false;

// Held weakly: a pool whose owner was collected without close() is closed here.
const registry = new FinalizationRegistry<PrewarmedHandlerPool>((pool) => {
  livePools.delete(pool);
  void pool.close();
});

/**
 * Ends a pool's standby processes when its owner can no longer do it: when `owner` (an engine)
 * is garbage collected without closing the pool, and, with SIGKILL, when the host process exits
 * (an idle standby would otherwise read end-of-file and run with empty input). Returns the
 * function that unties them, for the owner's own `close()`.
 *
 * @example
 * ```ts
 * const untie = tiePoolLifetime(engine, pool);
 * // in engine.close():
 * untie();
 * await pool.close();
 * ```
 */
export function tiePoolLifetime(owner: object, pool: PrewarmedHandlerPool): () => void {
  if (!exitListenerAdded) {
    exitListenerAdded = true;
    process.on("exit", killLivePools);
  }
  livePools.add(pool);
  const token = {};
  registry.register(owner, pool, token);
  return () => {
    livePools.delete(pool);
    registry.unregister(token);
  };
}

function killLivePools(): void {
  for (const pool of livePools) pool.killNow();
}
