import { describeHandler, describeHandlerLocation } from "../config/describe-handler.js";
import { capMessage } from "../decide/cap-message.js";
import type { DiagnosticCode } from "../diagnostic.js";
import { deepagentsEventStreamProfile } from "../profiles/deepagents-event-stream.js";
import type { ProcessOutcome } from "../run/process-outcome.js";
import { createEventDiagnostic, type EventDiagnostic } from "./event-diagnostic.js";
import type { EventHook } from "./event-hook.js";

/** The hook run a failure is described for. */
export interface HookRun {
  event: string;
  hook: EventHook;
  timeoutMs: number;
}

/**
 * The diagnostic for a hook run that failed (could not start, timed out, was killed by a signal,
 * exited non-zero), or null for a run that exited 0.
 *
 * @example
 * ```ts
 * describeHookFailure(outcome, { event: "session.start", hook, timeoutMs: 60_000 })?.message;
 * // session.start hook "bash adapter.sh" exited with code 1: boom (/home/me/.deepagents/hooks.json hooks[0])
 * ```
 */
export function describeHookFailure(outcome: ProcessOutcome, run: HookRun): EventDiagnostic | null {
  const subject = describeHandler({ event: run.event, command: run.hook.command });
  const where = describeHandlerLocation(run.hook);
  const stderr = outcome.stderr.trim();
  const stderrLimit = deepagentsEventStreamProfile.stderrLimitCharacters;
  const stderrNote = stderr === "" ? "" : `: ${capMessage(stderr, stderrLimit).text}`;
  const { command, file, path } = run.hook;
  const entry = (code: DiagnosticCode, severity: "warning" | "error", message: string) =>
    createEventDiagnostic(code, severity, message, { event: run.event, command, file, path });
  if (outcome.spawnError !== null) {
    return entry(
      "spawn_failed",
      "error",
      `${subject} could not start: ${outcome.spawnError} ${where}`,
    );
  }
  if (outcome.timedOut) {
    const seconds = Number((run.timeoutMs / 1000).toFixed(3));
    return entry(
      "timeout",
      "warning",
      `${subject} timed out after ${seconds} s and was killed ${where}`,
    );
  }
  if (outcome.exitCode === null) {
    const signal = outcome.signal ?? "a signal";
    return entry(
      "nonzero_exit",
      "warning",
      `${subject} was killed by ${signal}${stderrNote} ${where}`,
    );
  }
  if (outcome.exitCode !== 0) {
    return entry(
      "nonzero_exit",
      "warning",
      `${subject} exited with code ${outcome.exitCode}${stderrNote} ${where}`,
    );
  }
  return null;
}
