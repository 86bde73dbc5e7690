import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { createRunMarker, runMarkerVariable } from "./handler-process-tree.js";
import type { Invocation } from "./resolve-invocation.js";

/** A started handler process and the run marker in its environment. */
export interface StartedHandlerProcess {
  started: true;
  child: ChildProcessWithoutNullStreams;
  marker: string;
}

/** A handler process that did not start, and the error saying why (Node reports most a tick later). */
export interface FailedHandlerSpawn {
  started: false;
  error: Promise<unknown>;
}

/**
 * Starts a handler as the leader of a new process group, with piped stdio and a fresh run
 * marker; never throws. Every way `spawn` can fail (a throw such as ENOMEM, an `error` event
 * before the process exists such as ENOENT, EACCES or EAGAIN, or EMFILE, where Node leaves the
 * child without stdio) comes back as a failed spawn.
 */
export function spawnHandlerProcess(
  invocation: Invocation,
  cwd: string,
): StartedHandlerProcess | FailedHandlerSpawn {
  const marker = createRunMarker();
  let child: ChildProcessWithoutNullStreams;
  try {
    child = spawn(invocation.file, [...invocation.args], {
      cwd,
      // The marker lets the kill find descendants that left the process group.
      env: { ...invocation.env, [runMarkerVariable]: marker },
      stdio: "pipe",
      // The handler leads a new process group, so the whole group can be signalled.
      detached: process.platform !== "win32",
      windowsHide: true,
      windowsVerbatimArguments: invocation.windowsVerbatimArguments,
    });
  } catch (error) {
    return { started: false, error: Promise.resolve(error) };
  }
  // A started process has its pid at once; without one, Node emits the reason on the next tick.
  if (child.pid !== undefined) return { started: true, child, marker };
  const error = new Promise<unknown>((resolve) => {
    // `on`, not `once`: a second error event must not go unhandled.
    child.on("error", resolve);
    setImmediate(() => resolve(new Error(`spawn ${invocation.file} failed without an error`)));
  });
  // With EMFILE or ENFILE Node returns before creating the pipes: they are missing.
  const streams: (Readable | Writable | null | undefined)[] = [
    child.stdin,
    child.stdout,
    child.stderr,
  ];
  for (const stream of streams) stream?.destroy();
  return { started: false, error };
}
