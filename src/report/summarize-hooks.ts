import type { ReportLane } from "./build-report-model.js";

/** How long one hook's runs took: the slowest-hooks table's row. */
export interface HookTiming {
  hookId: string;
  event: string;
  command: string;
  runs: number;
  p50Ms: number;
  maxMs: number;
  totalMs: number;
}

/** How often one hook failed and how it last failed: the failing-hooks table's row. */
export interface HookFailure {
  hookId: string;
  event: string;
  command: string;
  runs: number;
  errors: number;
  timeouts: number;
  lastExitCode: number | null;
  lastSignal: string | null;
  lastOffsetMs: number;
  lastMessage: string | null;
}

/** Ranks a session's hooks by duration (max, then median) and lists those that errored or timed out. */
export function summarizeHooks(lanes: readonly ReportLane[]): {
  slowest: HookTiming[];
  failing: HookFailure[];
} {
  const slowest: HookTiming[] = [];
  const failing: HookFailure[] = [];
  for (const lane of lanes) {
    const timed = lane.runs.filter((run) => run.status !== "skipped");
    if (timed.length > 0) {
      const durations = timed.map((run) => run.durationMs).sort((a, b) => a - b);
      slowest.push({
        hookId: lane.hookId,
        event: lane.event,
        command: lane.command,
        runs: timed.length,
        p50Ms: computeMedian(durations),
        maxMs: durations[durations.length - 1] ?? 0,
        totalMs: durations.reduce((sum, value) => sum + value, 0),
      });
    }
    const failures = lane.runs.filter((run) => run.status === "error" || run.status === "timeout");
    const last = failures[failures.length - 1];
    if (last !== undefined) {
      failing.push({
        hookId: lane.hookId,
        event: lane.event,
        command: lane.command,
        runs: lane.runs.length,
        errors: failures.filter((run) => run.status === "error").length,
        timeouts: failures.filter((run) => run.status === "timeout").length,
        lastExitCode: last.exitCode,
        lastSignal: last.signal,
        lastOffsetMs: last.offsetMs,
        lastMessage: last.diagnostics[0]?.message ?? null,
      });
    }
  }
  slowest.sort((a, b) => b.maxMs - a.maxMs || b.p50Ms - a.p50Ms);
  failing.sort(
    (a, b) => b.errors + b.timeouts - (a.errors + a.timeouts) || b.lastOffsetMs - a.lastOffsetMs,
  );
  return { slowest, failing };
}

/** The median of sorted numbers (the mean of the middle two for an even count). */
export function computeMedian(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}
