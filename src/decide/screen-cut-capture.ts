import type { HookDefinition } from "../config/hook-definition.js";
import type { Diagnostic } from "../diagnostic.js";
import type { CutCaptureRule } from "../profiles/profile.js";
import type { ProcessOutcome } from "../run/process-outcome.js";
import { isRecord } from "../shared/is-record.js";
import { safeParseJson } from "../shared/safe-parse-json.js";
import { createHandlerDiagnostic } from "./create-handler-diagnostic.js";

/** Claude Code 2.1.328's refusal of a parsed reply whose output may be cut, word for word. */
export const suspectCaptureMessage =
  "hook output parsed as a document that grants, rewrites or injects, but its stdio went quiet before end-of-stream and a dropped later document could have changed it; refusing to honor the suspect capture";
/** Claude Code 2.1.328's refusal of a JSON reply cut before it ended, word for word. */
export const partialCaptureMessage =
  "hook output opens a JSON payload that never completed before its stdio went quiet; refusing to read the partial capture as a verdict";

/** An outcome as it is to be read, and the diagnostic saying why it was changed, if it was. */
export interface ScreenedOutcome {
  outcome: ProcessOutcome;
  diagnostic: Diagnostic | null;
}

/**
 * Applies a profile's {@link CutCaptureRule} to a run whose stdout or stderr was still open when
 * it exited (`outputLeftOpen`): a JSON reply that grants, rewrites or injects, or one that never
 * completed, is refused. On a blocking event the run then reads as exit 2 with the refusal as its
 * reason (fails closed), with an `output_left_open` error; elsewhere its stdout is dropped, with
 * an `output_left_open` warning. Exit 2, a kill, a timeout, a harmless reply and plain text are
 * left as they are. Pure.
 *
 * @example
 * screenCutCapture({ ...outcome, outputLeftOpen: true, stdout: '{"decision":"block","reason":"r"}' }, hook, claudeProfile.cutCapture);
 * // Stop → { outcome: { ...outcome, stdout: "" }, diagnostic: { code: "output_left_open", severity: "warning", … } }
 */
export function screenCutCapture(
  outcome: ProcessOutcome,
  hook: HookDefinition,
  rule: CutCaptureRule | undefined,
): ScreenedOutcome {
  const unchanged = { outcome, diagnostic: null };
  if (rule === undefined || outcome.outputLeftOpen !== true) return unchanged;
  if (outcome.exitCode === null || outcome.exitCode === 2) return unchanged;
  if (outcome.timedOut || outcome.cancelled || outcome.spawnError !== null) return unchanged;
  const text = outcome.stdout.trim();
  if (!text.startsWith("{")) return unchanged;
  const parsed = safeParseJson(text);
  let refusal: string;
  if (parsed.success && isRecord(parsed.value)) {
    if (isHarmlessReply(parsed.value, hook.event, outcome.exitCode, rule)) return unchanged;
    refusal = suspectCaptureMessage;
  } else {
    refusal = partialCaptureMessage;
  }
  const why =
    "exited while a process it left still held its stdout or stderr open (they stayed quiet for " +
    `${rule.quietMs} ms without end-of-stream), so its output may be cut`;
  if (rule.blockingEvents.includes(hook.event)) {
    return {
      outcome: { ...outcome, exitCode: 2, stdout: "", stderr: refusal },
      diagnostic: createHandlerDiagnostic(
        hook,
        "output_left_open",
        "error",
        `${why}; as Claude Code does, its reply is refused and the event is blocked: ${refusal}`,
      ),
    };
  }
  return {
    outcome: { ...outcome, stdout: "" },
    diagnostic: createHandlerDiagnostic(
      hook,
      "output_left_open",
      "warning",
      `${why}; as Claude Code does, its reply is refused and ignored: ${refusal}`,
    ),
  };
}

// Claude Code's test of a reply that only restricts or informs, read field by field.
function isHarmlessReply(
  reply: Readonly<Record<string, unknown>>,
  event: string,
  exitCode: number,
  rule: CutCaptureRule,
): boolean {
  if (Object.hasOwn(reply, "async")) return true;
  if (reply.decision === "approve") return false;
  if (reply.decision === "block" && rule.grantingBlockEvents.includes(event)) return false;
  if (Object.keys(reply).some((key) => !rule.harmlessFields.includes(key))) return false;
  const specific = reply.hookSpecificOutput;
  if (specific === undefined) return true;
  if (!isRecord(specific)) return false;
  if (specific.permissionDecision === "allow" || specific.permissionDecision === "defer") {
    return false;
  }
  if (isRecord(specific.decision) && specific.decision.behavior === "allow") return false;
  if (specific.action === "accept" || specific.retry === true) return false;
  if (
    specific.additionalContext !== undefined &&
    !(exitCode === 0 && rule.harmlessContextEvents.includes(event))
  ) {
    return false;
  }
  return Object.keys(specific).every((key) => rule.harmlessSpecificFields.includes(key));
}
