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
