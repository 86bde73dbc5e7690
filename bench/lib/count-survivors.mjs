// Whether the processes a hook left behind are still running.
import { readFileSync } from "node:fs";

/** Whether `pid` is a live process; a zombie waiting for its reaper counts as dead. */
export function isProcessAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return error.code !== "ESRCH";
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/** Reads the pids listed one per line in `file` and counts the live ones. */
export function countSurvivors(file) {
  let pids = [];
  try {
    pids = readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number);
  } catch {
    return { pids: 0, alive: 0, alivePids: [] };
  }
  const alivePids = pids.filter((pid) => isProcessAlive(pid));
  return { pids: pids.length, alive: alivePids.length, alivePids };
}

/** Kills whatever is left, so one sample cannot disturb the next. */
export function killSurvivors(pids) {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
