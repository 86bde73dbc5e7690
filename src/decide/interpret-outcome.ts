import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic } from "../diagnostic.js";
import type { EventSpec, Profile } from "../profiles/profile.js";
import type { ProcessOutcome } from "../run/process-outcome.js";
import { capMessage } from "./cap-message.js";
import { describeHandler, describeHandlerLocation } from "./describe-handler.js";
import type { Decision } from "./dispatch-result.js";
import { createEmptyVerdict, type HandlerVerdict } from "./handler-verdict.js";
import { parseHandlerOutput } from "./parse-handler-output.js";

/** Everything needed to read one handler's outcome for its event. */
export interface OutcomeContext {
  hook: HookDefinition;
  spec: EventSpec;
  profile: Profile;
  /** The tool name of the call, for tool events (validates rewrites), else null. */
  toolName: string | null;
  /** The host's check of a rewritten tool input, where the profile needs one; null when none was passed. */
  validateToolInput?: ((input: unknown) => boolean) | null;
}

/** Turns a finished process into a verdict: exit code first, then stdout JSON on exit 0. */
export function interpretOutcome(outcome: ProcessOutcome, context: OutcomeContext): HandlerVerdict {
  const { hook, profile } = context;
  const subject = describeHandler(hook);
  const where = describeHandlerLocation(hook);
  const at = { file: hook.file, path: hook.path };
  const stderr = outcome.stderr.trim();
  const stderrNote = stderr === "" ? "" : `: ${capMessage(stderr, 500).text}`;
  if (outcome.spawnError !== null) {
    const verdict = createEmptyVerdict("error");
    verdict.diagnostics.push(
      createDiagnostic(
        "spawn_failed",
        "error",
        `${subject} could not start: ${outcome.spawnError} ${where}`,
        at,
      ),
    );
    return verdict;
  }
  if (outcome.timedOut || outcome.cancelled) {
    const verdict = createEmptyVerdict(outcome.timedOut ? "timeout" : "error");
    const message = outcome.timedOut
      ? `${subject} timed out after ${formatSeconds(hook.timeoutMs)} and was killed ${where}`
      : `${subject} was cancelled because the engine closed ${where}`;
    verdict.diagnostics.push(
      createDiagnostic(outcome.timedOut ? "timeout" : "engine_closed", "warning", message, at),
    );
    return verdict;
  }
  if (outcome.exitCode === null) {
    const verdict = createEmptyVerdict("error");
    verdict.diagnostics.push(
      createDiagnostic(
        "nonzero_exit",
        "warning",
        `${subject} was killed by ${outcome.signal ?? "a signal"}${stderrNote} ${where}`,
        at,
      ),
    );
    return verdict;
  }
  if (outcome.exitCode === 2) {
    const reason = stderr === "" ? `Blocked by ${subject} (exit code 2)` : stderr;
    return applyBlock(createEmptyVerdict("blocked"), reason, context);
  }
  if (outcome.exitCode !== 0) {
    const verdict = createEmptyVerdict("error");
    verdict.diagnostics.push(
      createDiagnostic(
        "nonzero_exit",
        "warning",
        `${subject} exited with code ${outcome.exitCode}${stderrNote} ${where}`,
        at,
      ),
    );
    return verdict;
  }
  const verdict = interpretStdout(outcome, context);
  return capVerdict(verdict, profile, at, subject);
}

function interpretStdout(outcome: ProcessOutcome, context: OutcomeContext): HandlerVerdict {
  const { hook, spec } = context;
  const at = { file: hook.file, path: hook.path };
  const subject = describeHandler(hook);
  const stdout = outcome.stdout.trim();
  const verdict = createEmptyVerdict("ok");
  // A cut that dropped only whitespace lost nothing: the output is read as if whole.
  if (outcome.stdoutTruncated && outcome.stdoutDroppedOnlyWhitespace !== true) {
    return createCutOutputVerdict(outcome, context);
  }
  if (stdout === "") return verdict;
  const parsed = parseHandlerOutput(stdout, context);
  verdict.diagnostics.push(...parsed.diagnostics);
  if (parsed.kind === "plain") {
    if (spec.plainStdout === "context") verdict.additionalContext = stdout;
    if (spec.plainStdout === "invalid") {
      verdict.status = "error";
      verdict.diagnostics.push(
        createDiagnostic(
          "invalid_output",
          "warning",
          `${subject} printed plain text, but ${hook.event} expects JSON on stdout; the run failed ${describeHandlerLocation(hook)}`,
          at,
        ),
      );
    }
    return verdict;
  }
  if (parsed.failClosed.length > 0) {
    verdict.status = "blocked";
    verdict.decision = "deny";
    verdict.reason = `${subject} returned reserved field(s) ${parsed.failClosed.join(", ")}, which fail closed`;
    return verdict;
  }
  const failed =
    parsed.invalid ||
    (parsed.notApplied.length > 0 && context.profile.unsupportedFieldEffect === "fail-run");
  if (failed) {
    verdict.status = "error";
    return verdict;
  }
  const output = parsed.output;
  if (output.continue === false) {
    verdict.continue = false;
    verdict.stopReason = output.stopReason ?? null;
  }
  verdict.systemMessage = output.systemMessage ?? null;
  verdict.additionalContext = output.additionalContext ?? null;
  if (output.updatedInput !== undefined) verdict.updatedInput = output.updatedInput;
  if (output.block !== undefined) {
    verdict.status = "blocked";
    return applyBlock(verdict, output.block, context);
  }
  if (output.decision !== undefined) {
    verdict.decision = output.decision;
    verdict.reason = output.reason ?? null;
    if (output.decision === "deny") verdict.status = "blocked";
  }
  return verdict;
}

// Output past the capture limit was dropped. Where the event's output can decide (or stop the
// session), what the hook decided is unknown: an error and a failed run, never a silent nothing.
// A failed run blocks nothing in any profile (errors are non-blocking), so no deny is made up.
function createCutOutputVerdict(outcome: ProcessOutcome, context: OutcomeContext): HandlerVerdict {
  const { hook, spec, profile } = context;
  const canDecide =
    spec.decisionKind !== "none" ||
    (spec.honorsContinue && spec.topLevelFields.supported.includes("continue"));
  const verdict = createEmptyVerdict(canDecide ? "error" : "ok");
  const kept = Buffer.byteLength(outcome.stdout);
  const consequence = canDecide
    ? `its output was cut, so what it decided for ${hook.event} cannot be known and the run failed`
    : "its output was cut and not parsed";
  verdict.diagnostics.push(
    createDiagnostic(
      "output_truncated",
      canDecide ? "error" : "warning",
      `${describeHandler(hook)} printed ${outcome.stdoutBytes} bytes to stdout, over the capture limit of ${profile.captureLimitBytes} bytes (${kept} kept); ${consequence} ${describeHandlerLocation(hook)}`,
      { file: hook.file, path: hook.path },
    ),
  );
  return verdict;
}

// A block (exit 2 or decision "block") means what the event's block effect says.
function applyBlock(
  verdict: HandlerVerdict,
  reason: string,
  context: OutcomeContext,
): HandlerVerdict {
  const { hook, spec, profile } = context;
  const at = { file: hook.file, path: hook.path };
  const subject = describeHandler(hook);
  const where = describeHandlerLocation(hook);
  switch (spec.blockEffect) {
    case "decide":
      verdict.decision = blockDecision[spec.decisionKind];
      verdict.reason = reason;
      break;
    case "feedback":
      verdict.additionalContext = joinContext(verdict.additionalContext, reason);
      verdict.diagnostics.push(
        createDiagnostic(
          "block_ignored",
          "info",
          `${subject} blocked, but ${hook.event} cannot block in ${profile.title}; its reason is passed to the model as feedback ${where}`,
          at,
        ),
      );
      break;
    case "unsupported":
      verdict.additionalContext = joinContext(verdict.additionalContext, reason);
      verdict.diagnostics.push(
        createDiagnostic(
          "unsupported_field",
          "warning",
          `${subject} blocked, but a ${hook.event} block is not applied in ${profile.title} (context only); its reason is kept as context ${where}`,
          at,
        ),
      );
      break;
    case "none":
      verdict.diagnostics.push(
        createDiagnostic(
          "block_ignored",
          "warning",
          `${subject} blocked, but ${hook.event} cannot block in ${profile.title}: ${capMessage(reason, 500).text} ${where}`,
          at,
        ),
      );
      break;
  }
  return capVerdict(verdict, profile, at, subject);
}

const blockDecision = {
  permission: "deny",
  "permission-request": "deny",
  block: "block",
  none: null,
} as const satisfies Record<EventSpec["decisionKind"], Decision | null>;

function joinContext(existing: string | null, addition: string): string {
  return existing === null ? addition : `${existing}\n${addition}`;
}

function capVerdict(
  verdict: HandlerVerdict,
  profile: Profile,
  at: { file: string; path: string },
  subject: string,
): HandlerVerdict {
  const limit = profile.messageLimitCharacters;
  // Where the profile spills large context to disk, context is not cut here.
  const fields =
    profile.spill === null
      ? (["reason", "stopReason", "systemMessage", "additionalContext"] as const)
      : (["reason", "stopReason", "systemMessage"] as const);
  for (const field of fields) {
    const value = verdict[field];
    if (value === null) continue;
    const capped = capMessage(value, limit);
    if (!capped.truncated) continue;
    verdict[field] = capped.text;
    verdict.diagnostics.push(
      createDiagnostic(
        "output_truncated",
        "info",
        `${subject} returned ${field} of ${value.length} characters; it was cut to ${limit}`,
        at,
      ),
    );
  }
  return verdict;
}

function formatSeconds(milliseconds: number): string {
  return `${Number((milliseconds / 1000).toFixed(3))} s`;
}
