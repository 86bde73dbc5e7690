import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import type { HookCommand } from "../config/hook-definition.js";
import { isProcessGroupAlive, killProcessGroup } from "./kill-process-group.js";
import { createOutputCapture } from "./output-capture.js";
import type { ProcessOutcome, SpawnRequest } from "./process-outcome.js";

/** How long to keep reading after the leader exits when something else holds its pipes open. */
const drainWindowMs = 100;

/** How often a cancelled handler's process group is checked for survivors. */
const groupWatchIntervalMs = 50;

/** The longest delay `setTimeout` accepts. */
const maximumDelayMs = 2_147_483_647;

/** The program, arguments and quoting mode one command runs with. */
interface Invocation {
  file: string;
  args: string[];
  windowsVerbatimArguments: boolean;
}

/** The part of an outcome that depends on how the process ended. */
type EndFields = Pick<
  ProcessOutcome,
  "exitCode" | "signal" | "timedOut" | "cancelled" | "spawnError"
>;

/**
 * Runs one handler process in its own process group, feeds it `request.input`, and resolves
 * with how it ended; never rejects. On timeout or abort the group gets SIGTERM, then SIGKILL
 * after `killGraceMs`, and the promise resolves by about `timeoutMs + killGraceMs + 100` ms even
 * when a descendant keeps the output pipes open.
 */
export function spawnHandler(request: SpawnRequest): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    const startedAt = performance.now();
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
    const invocation = resolveInvocation(request.command, request.shell ?? "sh");
    if (typeof invocation === "string") {
      resolveOutcome({ ...notStarted, spawnError: invocation });
      return;
    }

    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn(invocation.file, invocation.args, {
        cwd: request.cwd,
        env: keepDefinedVariables(request.env),
        stdio: "pipe",
        // The handler leads a new process group, so the whole group can be signalled.
        detached: process.platform !== "win32",
        windowsHide: true,
        windowsVerbatimArguments: invocation.windowsVerbatimArguments,
      });
    } catch (error) {
      resolveOutcome({ ...notStarted, spawnError: describeSpawnError(error, request.cwd) });
      return;
    }

    let settled = false;
    let leaderExited = false;
    let exitCode: number | null = null;
    let exitSignal: string | null = null;
    let stopReason: "timeout" | "cancel" | null = null;
    let timeoutTimer: NodeJS.Timeout | undefined;
    let drainTimer: NodeJS.Timeout | undefined;
    let forceTimer: NodeJS.Timeout | undefined;

    const settle = (exit: Pick<ProcessOutcome, "exitCode" | "signal" | "spawnError">): void => {
      if (settled) {
        return;
      }
      settled = true;
      clearTimeout(timeoutTimer);
      clearTimeout(drainTimer);
      clearTimeout(forceTimer);
      request.signal?.removeEventListener("abort", onAbort);
      child.stdin.destroy();
      child.stdout.destroy();
      child.stderr.destroy();
      // A leader that never reported its exit must not keep the event loop alive.
      child.unref();
      resolveOutcome({
        ...exit,
        timedOut: stopReason === "timeout",
        cancelled: stopReason === "cancel",
      });
    };
    const settleWithExit = (): void => {
      settle({ exitCode, signal: exitSignal, spawnError: null });
    };

    const stop = (reason: "timeout" | "cancel"): void => {
      const pid = child.pid;
      if (settled || leaderExited || stopReason !== null || pid === undefined) {
        return;
      }
      stopReason = reason;
      clearTimeout(timeoutTimer);
      killProcessGroup(pid, "SIGTERM");
      // Not cleared on settle: descendants that ignore SIGTERM must still be killed.
      const escalation = setTimeout(() => {
        clearInterval(groupWatch);
        killProcessGroup(pid, "SIGKILL", { leaderFallback: !leaderExited });
        if (!settled && !leaderExited) {
          forceTimer = setTimeout(() => {
            settle({ exitCode: null, signal: "SIGKILL", spawnError: null });
          }, drainWindowMs);
        }
      }, clampDelay(request.killGraceMs));
      // Once the whole group is gone there is nothing left to kill: let the host exit early.
      const groupWatch = setInterval(() => {
        if (leaderExited && !isProcessGroupAlive(pid)) {
          clearTimeout(escalation);
          clearInterval(groupWatch);
        }
      }, groupWatchIntervalMs);
      groupWatch.unref();
    };
    function onAbort(): void {
      stop("cancel");
    }

    child.on("error", (error) => {
      // A spawned process's later errors (such as a failed kill) do not change its outcome.
      if (child.pid === undefined) {
        settle({
          exitCode: null,
          signal: null,
          spawnError: describeSpawnError(error, request.cwd),
        });
      }
    });
    child.on("exit", (code, signal) => {
      leaderExited = true;
      exitCode = code;
      exitSignal = signal;
      clearTimeout(timeoutTimer);
      clearTimeout(forceTimer);
      if (!settled) {
        // Descendants may hold the pipes open forever: read a little longer, then stop.
        drainTimer = setTimeout(settleWithExit, drainWindowMs);
      }
    });
    child.on("close", () => {
      // 'close' also follows a failed spawn, which 'error' has already settled.
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
  });
}

/** Maps a command to the program to run: a string through the shell, an argv list directly. */
function resolveInvocation(command: HookCommand, shell: "sh" | "bash"): Invocation | string {
  if (typeof command === "string") {
    if (process.platform === "win32") {
      return {
        file: process.env.ComSpec ?? "cmd.exe",
        args: ["/d", "/s", "/c", `"${command}"`],
        windowsVerbatimArguments: true,
      };
    }
    const file = shell === "bash" ? (findBash() ?? "/bin/sh") : "/bin/sh";
    return { file, args: ["-c", command], windowsVerbatimArguments: false };
  }
  const [file, ...args] = command;
  if (file === undefined || file === "") {
    return "spawn failed: the command is an empty argv list";
  }
  return { file, args, windowsVerbatimArguments: false };
}

let bashPath: string | null | undefined;

/** The first bash found in the usual places, looked up once; null when there is none. */
function findBash(): string | null {
  if (bashPath === undefined) {
    bashPath =
      ["/bin/bash", "/usr/bin/bash", "/usr/local/bin/bash", "/opt/homebrew/bin/bash"].find(
        (candidate) => isExecutableFile(candidate),
      ) ?? null;
  }
  return bashPath;
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Drops variables whose value is undefined. */
function keepDefinedVariables(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const defined: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined) {
      defined[name] = value;
    }
  }
  return defined;
}

/** The spawn error's message, noting a missing working directory (which also reports ENOENT). */
function describeSpawnError(error: unknown, cwd: string): string {
  const message = error instanceof Error ? error.message : String(error);
  if ((error as NodeJS.ErrnoException | null)?.code === "ENOENT" && !isDirectory(cwd)) {
    return `${message} (working directory not found: ${cwd})`;
  }
  return message;
}

/** Whether `path` is an existing directory. */
function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
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
