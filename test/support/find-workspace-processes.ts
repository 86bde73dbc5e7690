import { readFileSync, readlinkSync } from "node:fs";
import {
  estimateClockTicks,
  isLiveState,
  readProcessTable,
} from "../../src/run/read-process-table.js";

/** A live process that belongs to a test workspace. */
export interface WorkspaceProcess {
  pid: number;
  /** Its command line, arguments separated by spaces. */
  command: string;
}

/** Slack, in clock ticks (1 s), on the estimate of when a workspace was created. */
const startSlackTicks = 100;

/**
 * The current time in `/proc` start-time units, less a second of slack, to pass later to
 * {@link findWorkspaceProcesses}; null where the process table cannot be read (not Linux).
 */
export function markProcessStart(): number | null {
  const now = process.platform === "linux" ? estimateClockTicks() : null;
  return now === null ? null : now - startSlackTicks;
}

/**
 * Every live process, other than this one, started after `startedAfter` whose working directory,
 * command line or environment names one of `roots` (a handler inherits its engine's `cwd` and
 * `HOME`, and its children inherit them in turn, even once reparented away).
 */
export function findWorkspaceProcesses(
  roots: readonly string[],
  startedAfter: number,
): WorkspaceProcess[] {
  const needles = roots.map((root) => Buffer.from(root));
  const found: WorkspaceProcess[] = [];
  for (const entry of readProcessTable()) {
    if (entry.pid === process.pid || entry.startTime < startedAfter) continue;
    if (!isLiveState(entry.state)) continue;
    try {
      const cwd = readlinkSync(`/proc/${entry.pid}/cwd`);
      const commandLine = readFileSync(`/proc/${entry.pid}/cmdline`);
      const environment = readFileSync(`/proc/${entry.pid}/environ`);
      const named = roots.some((root) => cwd === root || cwd.startsWith(`${root}/`));
      if (
        named ||
        needles.some((needle) => commandLine.includes(needle) || environment.includes(needle))
      ) {
        const command = commandLine.toString().replaceAll("\0", " ").trim();
        found.push({ pid: entry.pid, command });
      }
    } catch {
      // Gone while we looked, or another user's.
    }
  }
  return found;
}
