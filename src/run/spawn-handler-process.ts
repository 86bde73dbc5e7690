import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { createRunMarker, runMarkerVariable } from "./handler-process-tree.js";
import type { Invocation } from "./resolve-invocation.js";

/** A started handler process and the run marker in its environment. */
export interface StartedHandlerProcess {
  child: ChildProcessWithoutNullStreams;
  marker: string;
}

/**
 * Starts a handler as the leader of a new process group, with piped stdio and a fresh run
 * marker; throws what `spawn` throws (a bad cwd, for instance) for the caller to report.
 */
export function spawnHandlerProcess(invocation: Invocation, cwd: string): StartedHandlerProcess {
  const marker = createRunMarker();
  const child = spawn(invocation.file, [...invocation.args], {
    cwd,
    // The marker lets the kill find descendants that left the process group.
    env: { ...invocation.env, [runMarkerVariable]: marker },
    stdio: "pipe",
    // The handler leads a new process group, so the whole group can be signalled.
    detached: process.platform !== "win32",
    windowsHide: true,
    windowsVerbatimArguments: invocation.windowsVerbatimArguments,
  });
  return { child, marker };
}
