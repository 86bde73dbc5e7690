import type { ChildProcessWithoutNullStreams } from "node:child_process";
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
  "exitCode" | "signal" | "timedOut" | "cancelled" | "spawnError"
>;

/** What a supervised run reads and where it reports. */
export interface SupervisedRun {
  child: ChildProcessWithoutNullStreams;
  /** The run marker in the child's environment (see `createHandlerProcessTree`). */
  marker: string;
  request: SpawnRequest;
  stdout: OutputCapture;
  stderr: OutputCapture;
  /** Called once, when the run has ended (or is given up on), with how it ended. */
  finish: (fields: EndFields) => void;
}

/**
 * Watches one started handler process until its outcome is known: feeds its stdin, captures its
 * output, stops it on timeout or abort (SIGTERM to every process of the run, SIGKILL after the
 * grace period), and ends the processes that still hold its output after the leader exits.
 */
export function superviseHandlerRun(run: SupervisedRun): void {
  new HandlerRunSupervisor(run).start();
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
  /** A kill of the run's processes has begun (a stop, or leftovers holding the output). */
  private killing = false;
  /** When a killed run is reported even if one of its processes is still dying. */
  private reportBy = 0;
  private timeoutTimer: NodeJS.Timeout | undefined;
  private drainTimer: NodeJS.Timeout | undefined;
  private forceTimer: NodeJS.Timeout | undefined;
  private groupPoll: NodeJS.Timeout | undefined;
  private readonly onAbort = (): void => this.stop("cancel");

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
    child.stdout.on("data", (chunk: Buffer) => this.run.stdout.append(chunk));
    child.stderr.on("data", (chunk: Buffer) => this.run.stderr.append(chunk));
    child.stdout.on("error", ignoreError);
    child.stderr.on("error", ignoreError);
    // A handler that never reads stdin, or exits early, makes writes fail with EPIPE.
    child.stdin.on("error", ignoreError);
    child.stdin.end(request.input);

    const timeout = timeoutDelay(request.timeoutMs);
    if (timeout !== null) {
      this.timeoutTimer = setTimeout(() => this.stop("timeout"), timeout);
    }
    request.signal?.addEventListener("abort", this.onAbort, { once: true });
  }

  private handleExit(code: number | null, signal: NodeJS.Signals | null): void {
    this.leaderExited = true;
    this.reportBy = performance.now() + drainWindowMs;
    this.exitCode = code;
    this.exitSignal = signal;
    clearTimeout(this.timeoutTimer);
    clearTimeout(this.forceTimer);
    if (!this.settled) {
      // Descendants may hold the pipes open forever: read a little longer, then stop.
      this.drainTimer = setTimeout(() => this.endDrain(), drainWindowMs);
    }
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
      performance.now() >= this.reportBy ||
      !tree.isAlive()
    ) {
      if (this.groupPoll === undefined) this.settle(exit);
      return;
    }
    this.groupPoll = setInterval(() => {
      if (performance.now() >= this.reportBy || !tree.isAlive()) this.settle(exit);
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
    if (!this.killing) {
      // The hook is done; processes it left holding its output are ended, not waited for.
      this.reportBy = performance.now() + drainWindowMs;
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
