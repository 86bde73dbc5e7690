import type { ProcessOutcome } from "../../src/run/process-outcome.js";

/**
 * Builds the `ProcessOutcome` of a handler run for a test: exit code 0 after 5 ms, nothing
 * truncated, and the byte counts measured from `stdout` and `stderr` unless given.
 *
 * @example
 * ```ts
 * const outcome = createProcessOutcome({ exitCode: 2, stderr: "blocked" });
 * // outcome.stderrBytes === 7
 * ```
 */
export function createProcessOutcome(fields: Partial<ProcessOutcome> = {}): ProcessOutcome {
  const stdout = fields.stdout ?? "";
  const stderr = fields.stderr ?? "";
  return {
    exitCode: 0,
    signal: null,
    timedOut: false,
    cancelled: false,
    spawnError: null,
    stdout,
    stderr,
    stdoutTruncated: false,
    stderrTruncated: false,
    stdoutBytes: Buffer.byteLength(stdout),
    stderrBytes: Buffer.byteLength(stderr),
    durationMs: 5,
    ...fields,
  };
}
