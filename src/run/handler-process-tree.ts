import { readFileSync } from "node:fs";
import { readRandomBytes } from "../shared/read-random-bytes.js";
import { isProcessGroupAlive, killProcessGroup } from "./kill-process-group.js";
import {
  estimateClockTicks,
  isLiveState,
  type ProcessStatus,
  readProcessStatus,
  readProcessTable,
} from "./read-process-table.js";

/**
 * The environment variable that marks every process of one handler run (a random id per run).
 * Descendants inherit it, so the engine can find them at kill time wherever they went: out of
 * the process group (`setsid`) or reparented to init (a double fork).
 */
export const runMarkerVariable = "AGENT_HOOKS_RUN_ID";

/** A new random value for {@link runMarkerVariable}. */
export function createRunMarker(): string {
  return readRandomBytes(12).toString("hex");
}

/** Every process of one handler run the engine can find, to signal them all. */
export interface HandlerProcessTree {
  /**
   * Signals the handler's process group and every other process of the run found now: the
   * leader's descendants (followed through parent links while the leader lives) and any process
   * carrying the run's marker, with their descendants. SIGKILL repeats the search until it finds
   * no live process, so a fork loop cannot outrun it. Never throws.
   */
  signal(signal: NodeJS.Signals): void;
  /** Whether the group or any process of the run found so far is still alive (zombies are not). */
  isAlive(): boolean;
}

/** Options of {@link createHandlerProcessTree}. */
export interface HandlerProcessTreeOptions {
  /** Whether the leader has exited (its pid may then be reused: only the group and marker count). */
  leaderExited: () => boolean;
}

/** One process, told apart from a later process that reuses its pid by its start time. */
interface ProcessIdentity {
  pid: number;
  startTime: number;
}

/** Slack, in clock ticks (1 s), on the estimate of when the handler started. */
const startSlackTicks = 100;

/** Searches after a SIGKILL for processes started meanwhile, before giving up. */
const maximumKillRounds = 10;

/**
 * The processes of the handler led by `leaderPid`, whose environment carries `marker` in
 * {@link runMarkerVariable}. On Linux, descendants are found through `/proc` at each signal;
 * elsewhere only the process group is signalled (the whole tree on Windows).
 */
export function createHandlerProcessTree(
  leaderPid: number,
  marker: string,
  options: HandlerProcessTreeOptions,
): HandlerProcessTree {
  const tracked = new Map<number, ProcessIdentity>();
  const markerBytes = Buffer.from(`${runMarkerVariable}=${marker}\u0000`);
  // No process older than the handler can be one of its own: only younger ones are read for
  // the marker. The leader's own start time, once seen, is the exact bound.
  const estimate = process.platform === "linux" ? estimateClockTicks() : null;
  let startedAfter = estimate === null ? 0 : estimate - startSlackTicks;

  const search = (): ProcessStatus[] => {
    if (process.platform !== "linux") return [];
    const table = readProcessTable();
    const leader = options.leaderExited()
      ? undefined
      : table.find((entry) => entry.pid === leaderPid);
    if (leader !== undefined) startedAfter = Math.max(startedAfter, leader.startTime);
    const children = new Map<number, ProcessStatus[]>();
    for (const entry of table) {
      const siblings = children.get(entry.parentPid);
      if (siblings === undefined) children.set(entry.parentPid, [entry]);
      else siblings.push(entry);
    }
    const found = new Map<number, ProcessStatus>();
    const pending: ProcessStatus[] = [];
    const add = (entry: ProcessStatus): void => {
      if (entry.pid === process.pid || found.has(entry.pid)) return;
      found.set(entry.pid, entry);
      pending.push(entry);
    };
    if (leader !== undefined) add(leader);
    for (const entry of table) {
      if (entry.groupId === leaderPid) add(entry);
      else if (entry.startTime >= startedAfter && hasMarker(entry.pid, markerBytes)) add(entry);
    }
    for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
      for (const child of children.get(entry.pid) ?? []) add(child);
    }
    return [...found.values()].filter((entry) => isLiveState(entry.state));
  };

  return {
    signal(signal) {
      // Searched before the group is signalled: a leader that dies has its children reparented,
      // and the parent links to them are lost.
      let targets = search();
      killProcessGroup(leaderPid, signal, { leaderFallback: !options.leaderExited() });
      const signalled = new Set<string>();
      const rounds = signal === "SIGKILL" ? maximumKillRounds : 1;
      for (let round = 0; round < rounds && targets.length > 0; round += 1) {
        for (const entry of targets) {
          tracked.set(entry.pid, { pid: entry.pid, startTime: entry.startTime });
          signalled.add(`${entry.pid}:${entry.startTime}`);
          sendSignal(entry.pid, signal);
        }
        // Again only for processes started meanwhile (a fork loop); the others are dying.
        if (round + 1 < rounds) {
          targets = search().filter((entry) => !signalled.has(`${entry.pid}:${entry.startTime}`));
        }
      }
    },
    isAlive() {
      if (isProcessGroupAlive(leaderPid)) return true;
      for (const identity of tracked.values()) {
        const entry = readProcessStatus(identity.pid);
        if (entry?.startTime === identity.startTime && isLiveState(entry.state)) return true;
        tracked.delete(identity.pid);
      }
      return false;
    },
  };
}

/** Whether the process's environment holds the marker (false when it cannot be read). */
function hasMarker(pid: number, markerBytes: Buffer): boolean {
  let environment: Buffer;
  try {
    environment = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return false;
  }
  const index = environment.indexOf(markerBytes);
  return index === 0 || (index > 0 && environment[index - 1] === 0);
}

function sendSignal(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // Gone already, or not ours to signal.
  }
}
