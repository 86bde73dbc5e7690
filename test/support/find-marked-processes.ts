import { readFileSync } from "node:fs";
import { isLiveState, readProcessTable } from "../../src/run/read-process-table.js";

/**
 * Pids of the live processes (this one excluded) whose environment holds `variable=value`, as a
 * handler run's marker is inherited by all its descendants; empty where `/proc` is missing.
 */
export function findMarkedProcesses(variable: string, value: string): number[] {
  const needle = Buffer.from(`${variable}=${value}\u0000`);
  const found: number[] = [];
  for (const entry of readProcessTable()) {
    if (entry.pid === process.pid || !isLiveState(entry.state)) continue;
    try {
      if (readFileSync(`/proc/${entry.pid}/environ`).includes(needle)) found.push(entry.pid);
    } catch {
      // Gone while we looked, or another user's.
    }
  }
  return found;
}
