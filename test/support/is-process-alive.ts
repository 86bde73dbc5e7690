import { readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";

/** Whether `pid` is a live process; a zombie waiting for its reaper counts as dead. */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
  try {
    // The state follows the parenthesized command name: "pid (comm) S ...".
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return true;
  }
}

/** Polls until `pid` is dead or `withinMs` passes, and resolves with whether it died. */
export async function waitForProcessEnd(pid: number, withinMs = 15_000): Promise<boolean> {
  // kill(0) and kill(-1) address groups, not a process: a pid read wrongly must not look alive.
  if (!Number.isInteger(pid) || pid <= 1) throw new Error(`not a process id: ${pid}`);
  const deadline = performance.now() + withinMs;
  while (performance.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await sleep(20);
  }
  return !isProcessAlive(pid);
}
