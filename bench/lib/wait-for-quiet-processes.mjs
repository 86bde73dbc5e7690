// Waits, outside any timed section, until the processes below the bench process stop using the
// CPU: background work one contender leaves (an engine starting standby processes after a
// dispatch) must not fall into the next contender's sample.
import { setTimeout as sleep } from "node:timers/promises";
import { canReadProcesses, listDescendants } from "./process-tree.mjs";

/** States of a process that is working or not yet reaped: running, disk wait, zombie. */
const busyStates = new Set(["R", "D", "Z"]);

/**
 * Resolves once no descendant is running and none used CPU time between two polls, and at least
 * `standbys` of them pass `isStandby`; or after `timeoutMs`. Returns `{ quiet, waitedMs,
 * standbys }` (the standby processes seen last). Without /proc it waits `fallbackMs` instead.
 */
export async function waitForQuietProcesses({
  isStandby = () => false,
  standbys = 0,
  timeoutMs = 5_000,
  intervalMs = 20,
  fallbackMs = 500,
} = {}) {
  const startedAt = performance.now();
  if (!canReadProcesses) {
    await sleep(fallbackMs);
    return { quiet: true, waitedMs: performance.now() - startedAt, standbys: [] };
  }
  let previous = null;
  for (;;) {
    const descendants = listDescendants();
    const signature = descendants
      .map((entry) => `${entry.pid}:${entry.cpuTicks}`)
      .sort()
      .join(",");
    const found = descendants.filter((entry) => entry.state !== "Z" && isStandby(entry));
    const idle = descendants.every((entry) => !busyStates.has(entry.state));
    const waitedMs = performance.now() - startedAt;
    if (idle && signature === previous && found.length >= standbys) {
      return { quiet: true, waitedMs, standbys: found };
    }
    if (waitedMs >= timeoutMs) return { quiet: false, waitedMs, standbys: found };
    previous = signature;
    await sleep(intervalMs);
  }
}
