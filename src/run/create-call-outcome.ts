import { createOutputCapture, toOutcomeOutput } from "./output-capture.js";
import type { ProcessOutcome } from "./process-outcome.js";

/** How a handler that is not a process ended, before its text is bounded. */
export interface CallEnding {
  /** 0 for a reply, 1 for a failure (non-blocking), null when it timed out or was cancelled. */
  exitCode: number | null;
  stdout?: string;
  stderr?: string;
  timedOut?: boolean;
  cancelled?: boolean;
  /** Why the call could not be made at all (no host callback), or null. */
  spawnError?: string | null;
  durationMs: number;
}

/**
 * Describes a host call (a model, an MCP tool) as a `ProcessOutcome`, its stdout and stderr kept
 * to `captureLimitBytes` each, so the decide stage reads it like a command's exit.
 *
 * @example
 * ```ts
 * const outcome = createCallOutcome({ exitCode: 0, stdout: '{"ok":true}', durationMs: 12 }, 1024);
 * ```
 */
export function createCallOutcome(ending: CallEnding, captureLimitBytes: number): ProcessOutcome {
  return {
    exitCode: ending.exitCode,
    signal: null,
    timedOut: ending.timedOut ?? false,
    cancelled: ending.cancelled ?? false,
    spawnError: ending.spawnError ?? null,
    ...toOutcomeOutput(
      captureText(ending.stdout ?? "", captureLimitBytes),
      captureText(ending.stderr ?? "", captureLimitBytes),
    ),
    durationMs: ending.durationMs,
  };
}

function captureText(text: string, limitBytes: number) {
  const capture = createOutputCapture(limitBytes);
  capture.append(text);
  return capture.finish();
}
