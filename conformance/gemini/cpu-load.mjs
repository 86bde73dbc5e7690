// CPU hogs for the scenarios that check a timeout on a loaded machine: busy Node processes, each
// in its own process group, stopped by the suite when the scenario ends.
import { spawn } from "node:child_process";

/**
 * Starts `count` busy loops and returns a function that stops them.
 * @param {number} count
 * @returns {() => void}
 */
export function startCpuLoad(count) {
  const hogs = Array.from({ length: count }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore", detached: true }),
  );
  return () => {
    for (const hog of hogs) {
      if (hog.pid === undefined) continue;
      try {
        process.kill(-hog.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  };
}
