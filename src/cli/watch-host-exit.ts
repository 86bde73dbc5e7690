import { readProcessStatus } from "../run/read-process-table.js";

/** Signals a host sends to end a hook it gave up on (a timeout, Ctrl-C, a closed terminal). */
export const endingSignals = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/** How often the parent process is checked while the shim runs. */
const parentCheckIntervalMs = 100;

/** How the host ended the shim: a signal it sent, or its own exit. */
export type HostExit =
  | { kind: "signal"; signal: (typeof endingSignals)[number] }
  | { kind: "parent-exited" };

/** A running watch: stop it once the shim's work is done. */
export interface HostExitWatch {
  stop(): void;
}

/**
 * Calls `onExit` once when the host ends this process: SIGTERM, SIGINT or SIGHUP (which then no
 * longer end the process at once, so the caller can stop what it started), or the parent process
 * exiting (a host that killed the shell running this process with SIGKILL, as Codex does on a
 * timeout, or that exited). The parent is checked every 100 ms: on Linux by whether this process
 * was reparented, elsewhere by whether the parent still exists.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const watch = watchHostExit(() => controller.abort());
 * await work(controller.signal);
 * watch.stop();
 * ```
 */
export function watchHostExit(onExit: (exit: HostExit) => void): HostExitWatch {
  const parentPid = process.ppid;
  let ended = false;
  const end = (exit: HostExit): void => {
    if (ended) return;
    ended = true;
    clearInterval(parentCheck);
    onExit(exit);
  };
  const listeners = endingSignals.map((signal) => {
    const listener = (): void => end({ kind: "signal", signal });
    process.on(signal, listener);
    return [signal, listener] as const;
  });
  const parentCheck = setInterval(() => {
    if (!isParentAlive(parentPid)) end({ kind: "parent-exited" });
  }, parentCheckIntervalMs);
  parentCheck.unref();
  return {
    stop() {
      clearInterval(parentCheck);
      // The listeners stay while the hook's processes are being ended: a second signal waits too.
      if (ended) return;
      for (const [signal, listener] of listeners) process.off(signal, listener);
    },
  };
}

/** Whether the process that started this one is still its parent. */
function isParentAlive(parentPid: number): boolean {
  if (process.platform === "linux") {
    const status = readProcessStatus(process.pid);
    return status === null || status.parentPid === parentPid;
  }
  try {
    process.kill(parentPid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
