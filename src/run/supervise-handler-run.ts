import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { readMonotonicMs } from "../shared/read-monotonic-ms.js";
import { createHandlerProcessTree, type HandlerProcessTree } from "./handler-process-tree.js";
import type { OutputCapture } from "./output-capture.js";
import type { ProcessOutcome, SpawnRequest } from "./process-outcome.js";

/** How long to keep reading after the leader exits when something else holds its pipes open. */
const drainWindowMs = 100;

/** How often a killed handler's processes are checked for survivors. */
const groupWatchIntervalMs = 50;

/** How often a killed handler's group is checked before its run is reported. */
const groupPollIntervalMs = 10;

/** The longest delay `setTimeout` accepts. */
const maximumDelayMs = 2_147_483_647;

/** The part of an outcome that depends on how the process ended. */
export type EndFields = Pick<
  ProcessOutcome,
  "exitCode" | "signal" | "timedOut" | "cancelled" | "spawnError" | "outputLeftOpen"
>;

/**
 * What a handler did before its input was delivered: it exited, or wrote to stdout or stderr. A
 * process waiting for its input does neither.
 */
export type EarlyActivity =
  | { kind: "exit"; exitCode: number | null; signal: string | null }
  | { kind: "output"; stream: "stdout" | "stderr"; bytes: number };

/** What a supervised run reads and where it reports. */
export interface SupervisedRun {
  child: ChildProcessWithoutNullStreams;
  /** The run marker in the child's environment (see `createHandlerProcessTree`). */
  marker: string;
  request: Pick<SpawnRequest, "killGraceMs" | "signal" | "outputDrain">;
  stdout: OutputCapture;
  stderr: OutputCapture;
  /** Called once, when the run has ended (or is given up on), with how it ended. */
  finish: (fields: EndFields) => void;
  /** Called once, at the first exit or output before {@link HandlerRunControl.deliver}. */
  onEarlyActivity?: ((activity: EarlyActivity) => void) | undefined;
}

/** The two steps a supervised run takes from outside: its input, or its end before any. */
export interface HandlerRunControl {
  /** Writes `input` to stdin, closes it, and starts the timeout (once; later calls do nothing). */
  deliver(input: string, timeoutMs: number): void;
  /**
   * Ends every process of the run (SIGTERM, SIGKILL after the grace period), as a cancellation
   * if the leader still runs; the run then reports through `finish` as usual.
   */
  discard(): void;
  /** Sends SIGKILL to every process of the run now, synchronously (for a host that is exiting). */
  killNow(): void;
}

/**
 * Watches one started handler process until its outcome is known: captures its output, and from
 * the delivery of its input on, stops it on timeout; stops it on abort (SIGTERM to every process
 * of the run, SIGKILL after the grace period), and ends the processes that still hold its output
 * after the leader exits. Until `deliver`, stdin stays open and no timeout runs.
 *
 * @example
 * ```ts
 * const control = superviseHandlerRun({ child, marker, request, stdout, stderr, finish });
 * control.deliver(JSON.stringify(payload), 5_000);
 * ```
 */
export function superviseHandlerRun(run: SupervisedRun): HandlerRunControl {
  const supervisor = new HandlerRunSupervisor(run);
  supervisor.start();
  return {
    deliver: (input, timeoutMs) => supervisor.deliver(input, timeoutMs),
    discard: () => supervisor.discard(),
    killNow: () => supervisor.killNow(),
  };
}

// One run's state from spawn to report: each field is a fact the events below change.
class HandlerRunSupervisor {
  private readonly run: SupervisedRun;
  private readonly tree: HandlerProcessTree | null;
  private settled = false;
  private leaderExited = false;
  private exitCode: number | null = null;
  private exitSignal: string | null = null;
  private stopReason: "timeout" | "cancel" | null = null;
  /** The input was written: from then on output and exit are the run's own. */
  private delivered = false;
  private earlyActivityReported = false;
  /** A kill of the run's processes has begun (a stop, or leftovers holding the output). */
  private killing = false;
  /** When a killed run is reported even if one of its processes is still dying. */
  private reportBy = 0;
  private timeoutTimer: NodeJS.Timeout | undefined;
  private drainTimer: NodeJS.Timeout | undefined;
  private forceTimer: NodeJS.Timeout | undefined;
  private groupPoll: NodeJS.Timeout | undefined;
  private readonly onAbort = (): void => this.stop("cancel");
  /** When the leader exited (monotonic ms), for the drain's cap. */
  private exitedAt = 0;
  /** The drain ended with stdout or stderr still open: the output may be cut. */
  private outputLeftOpen = false;
  /** Counts the drain timers set, so a check deferred past one knows whether a newer one runs. */
  private drainTimersSet = 0;

  constructor(run: SupervisedRun) {
    this.run = run;
    const pid = run.child.pid;
    this.tree =
      pid === undefined
        ? null
        : createHandlerProcessTree(pid, run.marker, { leaderExited: () => this.leaderExited });
  }

  start(): void {
    const { child, request } = this.run;
    // A started process's later errors (such as a failed kill) do not change its outcome.
    child.on("error", ignoreError);
    child.on("exit", (code, signal) => this.handleExit(code, signal));
    child.on("close", () => {
      if (this.leaderExited) this.settleWithExit();
    });
    child.stdout.on("data", (chunk: Buffer) => {
      this.noteEarlyOutput("stdout", chunk.length);
      this.run.stdout.append(chunk);
      this.extendDrain();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      this.noteEarlyOutput("stderr", chunk.length);
      this.run.stderr.append(chunk);
      this.extendDrain();
    });
    child.stdout.on("error", ignoreError);
    child.stderr.on("error", ignoreError);
    // A handler that never reads stdin, or exits early, makes writes fail with EPIPE.
    child.stdin.on("error", ignoreError);
    request.signal?.addEventListener("abort", this.onAbort, { once: true });
  }

  deliver(input: string, timeoutMs: number): void {
    if (this.delivered) return;
    this.delivered = true;
    this.run.child.stdin.end(input);
    if (this.settled || this.leaderExited || this.stopReason !== null) return;
    const timeout = timeoutDelay(timeoutMs);
    if (timeout !== null) {
      this.timeoutTimer = setTimeout(() => this.stop("timeout"), timeout);
    }
  }

  discard(): void {
    // A leader that already exited may have left processes behind: they are ended too.
    if (this.leaderExited || this.settled) this.killRun();
    else this.stop("cancel");
  }

  killNow(): void {
    this.tree?.signal("SIGKILL");
  }

  private noteEarlyOutput(stream: "stdout" | "stderr", bytes: number): void {
    if (!this.delivered) this.reportEarlyActivity({ kind: "output", stream, bytes });
  }

  private reportEarlyActivity(activity: EarlyActivity): void {
    if (this.earlyActivityReported || this.run.onEarlyActivity === undefined) return;
    this.earlyActivityReported = true;
    this.run.onEarlyActivity(activity);
  }

  private handleExit(code: number | null, signal: NodeJS.Signals | null): void {
    if (!this.delivered) this.reportEarlyActivity({ kind: "exit", exitCode: code, signal });
    this.leaderExited = true;
    this.exitedAt = readMonotonicMs();
    this.reportBy = this.exitedAt + drainWindowMs;
    this.exitCode = code;
    this.exitSignal = signal;
    clearTimeout(this.timeoutTimer);
    clearTimeout(this.forceTimer);
    if (!this.settled) {
      // Descendants may hold the pipes open forever: read a little longer, then stop.
      const quiet = this.run.request.outputDrain?.quietMs ?? drainWindowMs;
      this.startDrainTimer(quiet);
    }
  }

  /** Output after the leader's exit restarts the quiet window, up to the drain's cap. */
  private extendDrain(): void {
    const drain = this.run.request.outputDrain;
    if (drain === undefined || !this.leaderExited || this.settled || this.killing) return;
    const left = this.exitedAt + drain.capMs - readMonotonicMs();
    if (left <= 0) return;
    clearTimeout(this.drainTimer);
    this.startDrainTimer(Math.min(drain.quietMs, left));
  }

  /**
   * Ends the drain after `delayMs` of quiet, checked one turn of the event loop later: on a busy
   * host a timer can run before the loop has read output that was written before the exit.
   */
  private startDrainTimer(delayMs: number): void {
    this.drainTimersSet += 1;
    const timer = this.drainTimersSet;
    this.drainTimer = setTimeout(() => {
      // Timers run before the poll for I/O; an immediate runs after it.
      setImmediate(() => {
        if (timer === this.drainTimersSet) this.endDrain();
      });
    }, clampDelay(delayMs));
  }

  private settle(exit: Pick<ProcessOutcome, "exitCode" | "signal" | "spawnError">): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timeoutTimer);
    clearTimeout(this.drainTimer);
    clearTimeout(this.forceTimer);
    clearInterval(this.groupPoll);
    const { child, request } = this.run;
    request.signal?.removeEventListener("abort", this.onAbort);
    // After 'close' the pipes are already closed; the drain and force paths close them here.
    if (!child.stdin.destroyed) child.stdin.destroy();
    if (!child.stdout.destroyed) child.stdout.destroy();
    if (!child.stderr.destroyed) child.stderr.destroy();
    // A leader that never reported its exit must not keep the event loop alive.
    child.unref();
    this.run.finish({
      ...exit,
      timedOut: this.stopReason === "timeout",
      cancelled: this.stopReason === "cancel",
      ...(this.outputLeftOpen && { outputLeftOpen: true }),
    });
  }

  private settleWithExit(): void {
    const exit = { exitCode: this.exitCode, signal: this.exitSignal, spawnError: null };
    // A killed run is reported once its processes are gone (a signal takes a moment to land),
    // so nothing of a timed-out hook still runs when the host hears of it; bounded by `reportBy`.
    const tree = this.tree;
    if (
      this.settled ||
      this.groupPoll !== undefined ||
      !this.killing ||
      tree === null ||
      readMonotonicMs() >= this.reportBy ||
      !tree.isAlive()
    ) {
      if (this.groupPoll === undefined) this.settle(exit);
      return;
    }
    this.groupPoll = setInterval(() => {
      if (readMonotonicMs() >= this.reportBy || !tree.isAlive()) this.settle(exit);
    }, groupPollIntervalMs);
  }

  /** SIGTERM to every process of the run now, SIGKILL to those left after the grace period. */
  private killRun(): void {
    const tree = this.tree;
    if (tree === null || this.killing) return;
    this.killing = true;
    tree.signal("SIGTERM");
    // Not cleared on settle: processes that ignore SIGTERM must still be killed.
    const escalation = setTimeout(() => {
      clearInterval(runWatch);
      tree.signal("SIGKILL");
      if (!this.settled && !this.leaderExited) {
        this.forceTimer = setTimeout(() => {
          this.settle({ exitCode: null, signal: "SIGKILL", spawnError: null });
        }, drainWindowMs);
      }
    }, clampDelay(this.run.request.killGraceMs));
    // Once every process is gone there is nothing left to kill: let the host exit early.
    const runWatch = setInterval(() => {
      if (this.leaderExited && !tree.isAlive()) {
        clearTimeout(escalation);
        clearInterval(runWatch);
      }
    }, groupWatchIntervalMs);
    runWatch.unref();
  }

  private stop(reason: "timeout" | "cancel"): void {
    if (
      this.settled ||
      this.leaderExited ||
      this.stopReason !== null ||
      this.run.child.pid === undefined
    ) {
      return;
    }
    this.stopReason = reason;
    clearTimeout(this.timeoutTimer);
    this.killRun();
  }

  /** The drain window after the leader's exit ended and something still holds its output. */
  private endDrain(): void {
    if (this.settled) return;
    const { stdout, stderr } = this.run.child;
    // Both streams reached their end: the output is whole, only the 'close' event is pending.
    if (stdout.readableEnded && stderr.readableEnded) {
      this.settleWithExit();
      return;
    }
    if (this.stopReason === null) this.outputLeftOpen = true;
    if (!this.killing) {
      // The hook is done; processes it left holding its output are ended, not waited for.
      this.reportBy = readMonotonicMs() + drainWindowMs;
      this.killRun();
    }
    this.settleWithExit();
  }
}

/** The timeout as a timer delay, or null for no timeout (infinite or not a number). */
function timeoutDelay(timeoutMs: number): number | null {
  if (Number.isNaN(timeoutMs) || timeoutMs > maximumDelayMs) return null;
  return Math.max(0, timeoutMs);
}

/** A delay forced into the range `setTimeout` accepts. */
function clampDelay(delayMs: number): number {
  if (Number.isNaN(delayMs)) return 0;
  return Math.min(Math.max(0, delayMs), maximumDelayMs);
}

/** Swallows a stream error the outcome already reflects. */
function ignoreError(): void {}
