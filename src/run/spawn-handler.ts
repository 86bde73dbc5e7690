import { statSync } from "node:fs";
import { createHandlerProcessTree } from "./handler-process-tree.js";
import { createOutputCapture } from "./output-capture.js";
import { paceWork } from "./pace-work.js";
import type { ProcessOutcome, SpawnRequest } from "./process-outcome.js";
import {
  type Invocation,
  resolveInvocation,
  resolveShellInvocation,
} from "./resolve-invocation.js";
import { spawnHandlerProcess } from "./spawn-handler-process.js";

/** How long to keep reading after the leader exits when something else holds its pipes open. */
const drainWindowMs = 100;

/** How often a killed handler's processes are checked for survivors. */
const groupWatchIntervalMs = 50;

/** How often a killed handler's group is checked before its run is reported. */
const groupPollIntervalMs = 10;

/** The longest delay `setTimeout` accepts. */
const maximumDelayMs = 2_147_483_647;

/** The part of an outcome that depends on how the process ended. */
type EndFields = Pick<
  ProcessOutcome,
  "exitCode" | "signal" | "timedOut" | "cancelled" | "spawnError"
>;

/**
 * Runs one handler process in its own process group, feeds it `request.input`, and resolves
 * with how it ended; never rejects. A command string without shell syntax is run without the
 * shell; if that cannot start (not found, not executable), it is run through the shell instead,
 * so the outcome is the shell's. On timeout or abort every process of the run (its group, and on
 * Linux its descendants and the processes carrying its run marker) gets SIGTERM, then SIGKILL
 * after `killGraceMs`, and the promise resolves by about `timeoutMs + killGraceMs + 100` ms even
 * when a descendant keeps the output pipes open. When the handler exits and something still holds
 * its output 100 ms later, those processes are ended the same way. Spawns are paced (see
 * `paceWork`).
 */
export async function spawnHandler(request: SpawnRequest): Promise<ProcessOutcome> {
  const startedAt = performance.now();
  const shell = request.shell ?? "sh";
  const invocation = resolveInvocation(request.command, {
    shell,
    env: request.env,
    cwd: request.cwd,
    ...(request.directExec !== undefined && { directExec: request.directExec }),
  });
  if (typeof invocation === "string") {
    return createNotStartedOutcome({ spawnError: invocation }, startedAt);
  }
  const outcome = await new Promise<ProcessOutcome>((resolve) => {
    paceWork(() => runGuarded(request, invocation, startedAt, resolve));
  });
  if (invocation.direct && outcome.spawnError !== null && typeof request.command === "string") {
    const viaShell = resolveShellInvocation(request.command, { shell, env: request.env });
    return new Promise<ProcessOutcome>((resolve) => {
      paceWork(() => runGuarded(request, viaShell, startedAt, resolve));
    });
  }
  return outcome;
}

/** Runs an invocation; anything it throws is the run's spawn error, never a lost promise. */
function runGuarded(
  request: SpawnRequest,
  invocation: Invocation,
  startedAt: number,
  resolve: (outcome: ProcessOutcome) => void,
): void {
  let resolved = false;
  const resolveOnce = (outcome: ProcessOutcome): void => {
    if (resolved) return;
    resolved = true;
    resolve(outcome);
  };
  try {
    runInvocation(request, invocation, startedAt, resolveOnce);
  } catch (error) {
    resolveOnce(
      createNotStartedOutcome({ spawnError: describeSpawnError(error, request.cwd) }, startedAt),
    );
  }
}

/** An outcome for a handler that never started. */
function createNotStartedOutcome(fields: Partial<EndFields>, startedAt: number): ProcessOutcome {
  return {
    exitCode: null,
    signal: null,
    timedOut: false,
    cancelled: false,
    spawnError: null,
    ...fields,
    stdout: "",
    stderr: "",
    stdoutTruncated: false,
    stderrTruncated: false,
    stdoutBytes: 0,
    stderrBytes: 0,
    durationMs: performance.now() - startedAt,
  };
}

/** Starts one invocation and calls `resolve` once with how it ended. */
function runInvocation(
  request: SpawnRequest,
  invocation: Invocation,
  startedAt: number,
  resolve: (outcome: ProcessOutcome) => void,
): void {
  const stdoutCapture = createOutputCapture(request.captureLimitBytes);
  const stderrCapture = createOutputCapture(request.captureLimitBytes);

  const resolveOutcome = (fields: EndFields): void => {
    const stdout = stdoutCapture.finish();
    const stderr = stderrCapture.finish();
    resolve({
      ...fields,
      stdout: stdout.text,
      stderr: stderr.text,
      stdoutTruncated: stdout.truncated,
      ...(stdout.truncated && { stdoutDroppedOnlyWhitespace: stdout.droppedOnlyWhitespace }),
      stderrTruncated: stderr.truncated,
      stdoutBytes: stdout.totalBytes,
      stderrBytes: stderr.totalBytes,
      durationMs: performance.now() - startedAt,
    });
  };
  const notStarted = { exitCode: null, signal: null, timedOut: false, cancelled: false };

  if (request.signal?.aborted) {
    resolveOutcome({ ...notStarted, cancelled: true, spawnError: null });
    return;
  }

  const started = spawnHandlerProcess(invocation, request.cwd);
  if (!started.started) {
    void started.error.then((error) => {
      resolveOutcome({ ...notStarted, spawnError: describeSpawnError(error, request.cwd) });
    });
    return;
  }
  const { child, marker } = started;

  let settled = false;
  let leaderExited = false;
  let exitCode: number | null = null;
  let exitSignal: string | null = null;
  let stopReason: "timeout" | "cancel" | null = null;
  /** A kill of the run's processes has begun (a stop, or leftovers holding the output). */
  let killing = false;
  /** When a killed run is reported even if one of its processes is still dying. */
  let reportBy = 0;
  let timeoutTimer: NodeJS.Timeout | undefined;
  let drainTimer: NodeJS.Timeout | undefined;
  let forceTimer: NodeJS.Timeout | undefined;
  let groupPoll: NodeJS.Timeout | undefined;
  const pid = child.pid;
  const tree =
    pid === undefined
      ? null
      : createHandlerProcessTree(pid, marker, { leaderExited: () => leaderExited });

  const settle = (exit: Pick<ProcessOutcome, "exitCode" | "signal" | "spawnError">): void => {
    if (settled) {
      return;
    }
    settled = true;
    clearTimeout(timeoutTimer);
    clearTimeout(drainTimer);
    clearTimeout(forceTimer);
    clearInterval(groupPoll);
    request.signal?.removeEventListener("abort", onAbort);
    // After 'close' the pipes are already closed; the drain and force paths close them here.
    if (!child.stdin.destroyed) child.stdin.destroy();
    if (!child.stdout.destroyed) child.stdout.destroy();
    if (!child.stderr.destroyed) child.stderr.destroy();
    // A leader that never reported its exit must not keep the event loop alive.
    child.unref();
    resolveOutcome({
      ...exit,
      timedOut: stopReason === "timeout",
      cancelled: stopReason === "cancel",
    });
  };
  const settleWithExit = (): void => {
    // A killed run is reported once its processes are gone (a signal takes a moment to land),
    // so nothing of a timed-out hook still runs when the host hears of it; bounded by `reportBy`.
    if (
      settled ||
      groupPoll !== undefined ||
      !killing ||
      tree === null ||
      performance.now() >= reportBy ||
      !tree.isAlive()
    ) {
      if (groupPoll === undefined) settle({ exitCode, signal: exitSignal, spawnError: null });
      return;
    }
    groupPoll = setInterval(() => {
      if (performance.now() >= reportBy || !tree.isAlive()) {
        settle({ exitCode, signal: exitSignal, spawnError: null });
      }
    }, groupPollIntervalMs);
  };

  /** SIGTERM to every process of the run now, SIGKILL to those left after the grace period. */
  const killRun = (): void => {
    if (tree === null || killing) return;
    killing = true;
    tree.signal("SIGTERM");
    // Not cleared on settle: processes that ignore SIGTERM must still be killed.
    const escalation = setTimeout(() => {
      clearInterval(runWatch);
      tree.signal("SIGKILL");
      if (!settled && !leaderExited) {
        forceTimer = setTimeout(() => {
          settle({ exitCode: null, signal: "SIGKILL", spawnError: null });
        }, drainWindowMs);
      }
    }, clampDelay(request.killGraceMs));
    // Once every process is gone there is nothing left to kill: let the host exit early.
    const runWatch = setInterval(() => {
      if (leaderExited && !tree.isAlive()) {
        clearTimeout(escalation);
        clearInterval(runWatch);
      }
    }, groupWatchIntervalMs);
    runWatch.unref();
  };

  const stop = (reason: "timeout" | "cancel"): void => {
    if (settled || leaderExited || stopReason !== null || pid === undefined) {
      return;
    }
    stopReason = reason;
    clearTimeout(timeoutTimer);
    killRun();
  };
  function onAbort(): void {
    stop("cancel");
  }
  /** The drain window after the leader's exit ended and something still holds its output. */
  const endDrain = (): void => {
    if (settled) return;
    if (!killing) {
      // The hook is done; processes it left holding its output are ended, not waited for.
      reportBy = performance.now() + drainWindowMs;
      killRun();
    }
    settleWithExit();
  };

  // A started process's later errors (such as a failed kill) do not change its outcome.
  child.on("error", ignoreError);
  child.on("exit", (code, signal) => {
    leaderExited = true;
    reportBy = performance.now() + drainWindowMs;
    exitCode = code;
    exitSignal = signal;
    clearTimeout(timeoutTimer);
    clearTimeout(forceTimer);
    if (!settled) {
      // Descendants may hold the pipes open forever: read a little longer, then stop.
      drainTimer = setTimeout(endDrain, drainWindowMs);
    }
  });
  child.on("close", () => {
    if (leaderExited) {
      settleWithExit();
    }
  });

  child.stdout.on("data", (chunk: Buffer) => stdoutCapture.append(chunk));
  child.stderr.on("data", (chunk: Buffer) => stderrCapture.append(chunk));
  child.stdout.on("error", ignoreError);
  child.stderr.on("error", ignoreError);
  // A handler that never reads stdin, or exits early, makes writes fail with EPIPE.
  child.stdin.on("error", ignoreError);
  child.stdin.end(request.input);

  const timeout = timeoutDelay(request.timeoutMs);
  if (timeout !== null) {
    timeoutTimer = setTimeout(() => stop("timeout"), timeout);
  }
  request.signal?.addEventListener("abort", onAbort, { once: true });
}

/** The spawn error's message, noting a bad working directory (reported as ENOENT or ENOTDIR). */
function describeSpawnError(error: unknown, cwd: string): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code !== "ENOENT" && code !== "ENOTDIR") return message;
  const kind = describeEntry(cwd);
  if (kind === "missing") return `${message} (working directory not found: ${cwd})`;
  if (kind === "other") return `${message} (working directory is not a directory: ${cwd})`;
  return message;
}

function describeEntry(path: string): "directory" | "other" | "missing" {
  try {
    return statSync(path).isDirectory() ? "directory" : "other";
  } catch {
    return "missing";
  }
}

/** The timeout as a timer delay, or null for no timeout (infinite or not a number). */
function timeoutDelay(timeoutMs: number): number | null {
  if (Number.isNaN(timeoutMs) || timeoutMs > maximumDelayMs) {
    return null;
  }
  return Math.max(0, timeoutMs);
}

/** A delay forced into the range `setTimeout` accepts. */
function clampDelay(delayMs: number): number {
  if (Number.isNaN(delayMs)) {
    return 0;
  }
  return Math.min(Math.max(0, delayMs), maximumDelayMs);
}

/** Swallows a stream error the outcome already reflects. */
function ignoreError(): void {}
