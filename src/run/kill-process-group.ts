import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { isLiveState, readProcessStatus } from "./read-process-table.js";

/** Options for {@link killProcessGroup}. */
export interface KillProcessGroupOptions {
  /**
   * Signal the process alone when the group cannot be signalled (default true). Turn it off
   * once the leader has exited, so a reused pid is never hit.
   */
  leaderFallback?: boolean;
}

/**
 * Sends `signal` to the process group led by `pid` (best effort, never throws); on Windows
 * kills the process tree with `taskkill`. Returns whether a signal was delivered (always
 * true on Windows, where delivery is not awaited).
 */
export function killProcessGroup(
  pid: number,
  signal: NodeJS.Signals,
  options: KillProcessGroupOptions = {},
): boolean {
  if (!Number.isInteger(pid) || pid <= 0) {
    return false;
  }
  if (process.platform === "win32") {
    killWindowsProcessTree(pid);
    return true;
  }
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    // ESRCH: the group is gone. EPERM and others: try the process alone below.
  }
  if (options.leaderFallback === false) {
    return false;
  }
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Runs `taskkill /pid <pid> /T /F` without waiting for it. */
function killWindowsProcessTree(pid: number): void {
  try {
    const killer = spawn("taskkill", ["/pid", String(pid), "/T", "/F"], {
      stdio: "ignore",
      windowsHide: true,
    });
    killer.on("error", () => {});
    killer.unref();
  } catch {
    // Best effort: nothing more can be done.
  }
}

/** Whether any process of the group led by `pid` still exists (always false on Windows). */
export function isProcessGroupAlive(pid: number): boolean {
  if (process.platform === "win32" || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(-pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return process.platform === "linux" ? hasLiveMemberOnLinux(pid) : true;
}

// Orphaned zombies that nobody reaps (a container whose init does not) still answer kill(0).
function hasLiveMemberOnLinux(groupId: number): boolean {
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return true;
  }
  for (const name of names) {
    const code = name.charCodeAt(0);
    if (code < 48 || code > 57) continue;
    const status = readProcessStatus(Number(name));
    if (status !== null && status.groupId === groupId && isLiveState(status.state)) return true;
  }
  return false;
}
