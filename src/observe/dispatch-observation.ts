import type { Decision, DispatchResult, RunSummary } from "../decide/dispatch-result.js";
import type { Diagnostic } from "../diagnostic.js";
import { readMonotonicMs } from "../shared/read-monotonic-ms.js";

/** One handler of a dispatch as the audit log and tracing see it. */
export interface RunObservation {
  summary: RunSummary;
  /** The handler group's matcher as written, or null. */
  matcher: string | null;
  /** When the run began, in milliseconds since the epoch (fractional). */
  startedAt: number;
  /** What this one handler decided, before combining. */
  decision: Decision | null;
  /** True when stdout or stderr was cut at the capture limit. */
  truncated: boolean;
  /** True when its additionalContext was replaced by a preview (saved to a file, or not). */
  spilled: boolean;
  /** Captured output; null for a handler that did not run. */
  stdout: string | null;
  stderr: string | null;
  diagnostics: readonly Diagnostic[];
}

/** One dispatch as the audit log and tracing see it, after it finished. */
export interface DispatchObservation {
  dispatchId: string;
  session: string;
  event: string;
  /** The value the matchers were tested against (such as the tool name), or null. */
  matcherValue: string | null;
  /** When the dispatch began, in milliseconds since the epoch (fractional). */
  startedAt: number;
  durationMs: number;
  /** The JSON text sent to the handlers, or null when it was not built. */
  payload: string | null;
  result: DispatchResult;
  runs: readonly RunObservation[];
}

// The epoch time of the monotonic clock's zero, read once, as `performance.timeOrigin` is.
const clockOrigin = Date.now() - readMonotonicMs();

/** Milliseconds since the epoch, with sub-millisecond precision. */
export function readClock(): number {
  return clockOrigin + readMonotonicMs();
}
