import { closeSync, openSync, readdirSync, readSync } from "node:fs";

/** The fields of a Linux `/proc/<pid>/stat` the runner needs. */
export interface ProcessStatus {
  pid: number;
  /** `R`, `S`, `D`, `Z` (zombie), `X` (dead), … */
  state: string;
  parentPid: number;
  groupId: number;
  /** When the process started, in clock ticks after boot: with the pid, it names one process. */
  startTime: number;
}

/** Clock ticks per second in `/proc` times (`USER_HZ`, 100 on every common Linux ABI). */
const clockTicksPerSecond = 100;

// One buffer for every read: a stat line is a few hundred bytes.
const statBuffer = Buffer.alloc(4096);
let ownStartTime: number | null | undefined;

/** Every process in `/proc` (Linux), with its state, parent, group and start time. */
export function readProcessTable(): ProcessStatus[] {
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return [];
  }
  const table: ProcessStatus[] = [];
  for (const name of names) {
    const code = name.charCodeAt(0);
    if (code < 48 || code > 57) continue;
    const status = readProcessStatus(Number(name));
    if (status !== null) table.push(status);
  }
  return table;
}

/** One process's `/proc/<pid>/stat`, or null when it is gone (or not Linux). */
export function readProcessStatus(pid: number): ProcessStatus | null {
  let text: string;
  try {
    const descriptor = openSync(`/proc/${pid}/stat`, "r");
    try {
      text = statBuffer.toString("latin1", 0, readSync(descriptor, statBuffer, 0, 4096, 0));
    } finally {
      closeSync(descriptor);
    }
  } catch {
    return null;
  }
  // The command name is parenthesized and may hold spaces and parentheses: split after the last.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const [state, parentPid, groupId] = fields;
  // Field 22 of the line, the start time, is the 20th after the name.
  const startTime = Number(fields[19]);
  if (state === undefined || !Number.isFinite(startTime)) return null;
  return { pid, state, parentPid: Number(parentPid), groupId: Number(groupId), startTime };
}

/**
 * The current time in `/proc` start-time units, estimated from this process's own start time
 * and uptime, or null when it cannot be read. An underestimate only costs extra reads.
 */
export function estimateClockTicks(): number | null {
  ownStartTime ??= readProcessStatus(process.pid)?.startTime ?? null;
  if (ownStartTime === null) return null;
  return ownStartTime + Math.floor(process.uptime() * clockTicksPerSecond);
}

/** Whether a process in this state can still run (zombies and dead tasks cannot). */
export function isLiveState(state: string): boolean {
  return state !== "Z" && state !== "X";
}
