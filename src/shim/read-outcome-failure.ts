import type { ShimRunOutcome } from "./shim-types.js";

/**
 * Why a run's outcome cannot be read as a decision at all (it did not start, timed out, was
 * killed, or its output was cut), or null when its exit code and output can be read.
 *
 * @example
 * ```ts
 * readOutcomeFailure({ exitCode: null, stdout: "", stderr: "", timedOut: true, truncated: false, spawnError: null });
 * // "timed out and was killed"
 * ```
 */
export function readOutcomeFailure(outcome: ShimRunOutcome): string | null {
  if (outcome.spawnError !== null) return `could not start: ${outcome.spawnError}`;
  if (outcome.timedOut) return "timed out and was killed";
  if (outcome.exitCode === null) {
    const stderr = outcome.stderr.trim();
    return stderr === "" ? "was killed by a signal" : `was killed by a signal: ${stderr}`;
  }
  if (outcome.truncated) return "printed more than the capture limit, so its output was cut";
  return null;
}
