// What a spawned process (an agent, the agent-hooks CLI) writes, and the end of its group.

/**
 * Collects the child's stdout and stderr as UTF-8 text into the returned object as they arrive.
 * @param {import("node:child_process").ChildProcess} child spawned with piped stdout and stderr
 * @returns {{ stdout: string, stderr: string }}
 */
export function captureOutput(child) {
  const output = { stdout: "", stderr: "" };
  child.stdout?.setEncoding("utf8").on("data", (chunk) => {
    output.stdout += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk) => {
    output.stderr += chunk;
  });
  return output;
}

/**
 * Kills a detached child's whole process group (hooks it started go with it); a group already
 * gone is fine.
 * @param {number | undefined} pid
 */
export function killProcessGroup(pid) {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // The group is already gone.
  }
}

/**
 * Resolves when `child` ends, with its exit code and signal, the output captured so far and, when
 * it could not start, the spawn error (exit code and signal then null); past `timeoutMs` its group
 * is killed and `timedOut` is true.
 * @param {import("node:child_process").ChildProcess} child
 * @param {{ stdout: string, stderr: string }} output what captureOutput collects of it
 * @param {number} [timeoutMs] no deadline when absent
 * @returns {Promise<{ exitCode: number | null, signal: NodeJS.Signals | null, stdout: string,
 *   stderr: string, error: Error | null, timedOut: boolean }>}
 */
export function waitForExit(child, output, timeoutMs) {
  return new Promise((resolve) => {
    let timedOut = false;
    const timer =
      timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            killProcessGroup(child.pid);
          }, timeoutMs);
    /** @type {(exitCode: number | null, signal: NodeJS.Signals | null, error: Error | null) => void} */
    const finish = (exitCode, signal, error) => {
      clearTimeout(timer);
      resolve({ exitCode, signal, ...output, error, timedOut });
    };
    child.on("error", (error) => finish(null, null, error));
    child.on("close", (exitCode, signal) => finish(exitCode, signal, null));
  });
}
