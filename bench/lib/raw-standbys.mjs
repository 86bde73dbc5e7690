// The floor of prewarm, for scenario (j): the same scripts started ahead by child_process with no
// engine, each given the event on stdin (then closed) and awaited until its streams close. What
// a prewarm call costs beyond this is the engine's; the rest is the scripts' own run after their
// input arrives (reading it, deciding, the interpreter's shutdown and the kernel's teardown).
import { spawn } from "node:child_process";

/**
 * Keeps one started process per argv of `commands`. `call(input)` delivers `input` to all of
 * them at once and resolves when all have exited; new ones are started afterwards, off the
 * call. `pids()` lists those now waiting; `close()` kills them.
 */
export function createRawStandbys(commands) {
  let waiting = [];
  let closed = false;
  const start = () => {
    waiting = commands.map(([program, ...args]) => {
      const child = spawn(program, args, { stdio: ["pipe", "pipe", "pipe"], detached: true });
      child.stdout.resume();
      child.stderr.resume();
      const ended = new Promise((resolve) => child.on("close", (code) => resolve(code)));
      return { child, ended };
    });
  };
  start();
  return {
    async call(input) {
      const used = waiting;
      waiting = [];
      for (const { child } of used) child.stdin.end(input);
      const codes = await Promise.all(used.map(({ ended }) => ended));
      if (!closed) setImmediate(start);
      return codes;
    },
    pids: () => new Set(waiting.map(({ child }) => child.pid)),
    close() {
      closed = true;
      for (const { child } of waiting) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // Already gone.
        }
      }
      waiting = [];
    },
  };
}
