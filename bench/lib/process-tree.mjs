// The processes below the bench process, read from /proc (Linux): who they are, whether they are
// busy, how much memory they hold.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Whether /proc can be read here (Linux); without it the helpers below return nothing. */
export const canReadProcesses = (() => {
  try {
    readFileSync("/proc/self/stat", "utf8");
    return true;
  } catch {
    return false;
  }
})();

/** Milliseconds per clock tick, the unit of the CPU times in /proc. */
export const tickMs = (() => {
  try {
    return 1000 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  } catch {
    return 10;
  }
})();

/** `/proc/<pid>/stat` as `{ pid, ppid, pgid, state, cpuTicks }`, or null once it is gone. */
function readStat(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // The command name, in parentheses, may hold spaces: the fields start after its last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return {
    pid,
    state: fields[0],
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    cpuTicks: Number(fields[11]) + Number(fields[12]),
  };
}

/** Every live process, as read from /proc/<pid>/stat. */
function listProcesses() {
  if (!canReadProcesses) return [];
  const processes = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat !== null) processes.push(stat);
  }
  return processes;
}

/** The descendants of `rootPid` (children, their children, …), each with its stat fields. */
export function listDescendants(rootPid = process.pid) {
  const processes = listProcesses();
  const children = new Map();
  for (const entry of processes) {
    const siblings = children.get(entry.ppid) ?? [];
    siblings.push(entry);
    children.set(entry.ppid, siblings);
  }
  const descendants = [];
  const queue = [rootPid];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()) ?? []) {
      descendants.push(child);
      queue.push(child.pid);
    }
  }
  return descendants;
}

/** A process's argv, or an empty list once it is gone. */
export function readArguments(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, -1);
  } catch {
    return [];
  }
}

/** A process's resident set size (VmRSS) in kilobytes, or 0 once it is gone. */
export function readResidentKilobytes(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/^VmRSS:\s+(\d+)\s+kB$/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The summed RSS, in MB, of every process in the process groups of `leaders` (a standby is the
 * leader of its own group; anything it started counts too), and how many processes that is.
 */
export function measureGroupResidentSize(leaders, rootPid = process.pid) {
  const groups = new Set(leaders.map((leader) => leader.pgid));
  const members = listDescendants(rootPid).filter(
    (entry) => groups.has(entry.pgid) && entry.state !== "Z",
  );
  const kilobytes = members.reduce((sum, entry) => sum + readResidentKilobytes(entry.pid), 0);
  return { megabytes: kilobytes / 1024, processes: members.length };
}

/**
 * CPU time, in ms, used so far by every process below the bench process: the children it has
 * reaped (with everything they reaped) plus the live descendants. The difference between two
 * readings is what the hooks ran in between cost, wherever they ran.
 */
export function readDescendantCpuMs() {
  if (!canReadProcesses) return Number.NaN;
  const text = readFileSync("/proc/self/stat", "utf8");
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  // Fields 16 and 17 of stat (cutime, cstime): the CPU time of reaped children.
  const reaped = Number(fields[13]) + Number(fields[14]);
  const live = listDescendants().reduce((sum, entry) => sum + entry.cpuTicks, 0);
  return (reaped + live) * tickMs;
}

/** The CPU time, in ms, `processes` (entries of {@link listDescendants}) have used so far. */
export function sumCpuMs(processes) {
  return processes.reduce((sum, entry) => sum + entry.cpuTicks, 0) * tickMs;
}
