import { constants } from "node:os";
import type { ShimRunOutcome } from "./shim-types.js";

/**
 * Why a run's outcome cannot be read as a decision at all (it did not start, timed out, was
 * killed, or its output was cut), or null when its exit code and output can be read. Behind a
 * shell, an exit of 128 + N where N is a signal the platform names is the shell reporting that
 * signal N ended its child (`sh -c` prints `Killed` and exits 137 for a SIGKILL): a crash too.
 *
 * @example
 * ```ts
 * readOutcomeFailure({ exitCode: 137, stdout: "", stderr: "Killed", timedOut: false, truncated: false,
 *   spawnError: null, viaShell: true });
 * // "was killed by SIGKILL (its shell reported exit 137): Killed"
 * ```
 */
export function readOutcomeFailure(outcome: ShimRunOutcome): string | null {
  if (outcome.spawnError !== null) return `could not start: ${outcome.spawnError}`;
  if (outcome.timedOut) return "timed out and was killed";
  const stderr = outcome.stderr.trim();
  const detail = stderr === "" ? "" : `: ${stderr}`;
  if (outcome.exitCode === null) {
    const signal = outcome.signal ?? null;
    return signal === null
      ? `was killed by a signal${detail}`
      : `was killed by a signal (${signal})${detail}`;
  }
  const shellSignal = readShellReportedSignal(outcome);
  if (shellSignal !== null) {
    return `was killed by a signal (${shellSignal}; its shell reported exit ${String(outcome.exitCode)})${detail}`;
  }
  if (outcome.truncated) return "printed more than the capture limit, so its output was cut";
  return null;
}

/** Signal names by number, from the platform's own table (`SIGKILL` is 9 on Linux and macOS). */
const signalNames: ReadonlyMap<number, string> = new Map(
  // Reversed so that the first name of a number wins (SIGABRT before its alias SIGIOT).
  Object.entries(constants.signals)
    .reverse()
    .map(([name, number]) => [number, name]),
);

/** The signal behind a shell's exit 128 + N, or null for any other exit or a run without a shell. */
function readShellReportedSignal(outcome: ShimRunOutcome): string | null {
  if (outcome.viaShell !== true || outcome.exitCode === null || outcome.exitCode <= 128) {
    return null;
  }
  return signalNames.get(outcome.exitCode - 128) ?? null;
}
