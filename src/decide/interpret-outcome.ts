import { describeHandler } from "../config/describe-handler.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { EventSpec, Profile } from "../profiles/profile.js";
import type { ProcessOutcome } from "../run/process-outcome.js";
import { capMessage } from "./cap-message.js";
import { createHandlerDiagnostic } from "./create-handler-diagnostic.js";
import type { Decision, RunStatus } from "./dispatch-result.js";
import { createEmptyVerdict, type HandlerVerdict } from "./handler-verdict.js";
import {
  findOutputFields,
  type ParsedHandlerOutput,
  parseHandlerOutput,
} from "./parse-handler-output.js";
import { readBlockEffect } from "./read-block-effect.js";

/** Everything needed to read one handler's outcome for its event. */
export interface OutcomeContext {
  hook: HookDefinition;
  spec: EventSpec;
  profile: Profile;
  /** The tool name of the call, for tool events (validates rewrites), else null. */
  toolName: string | null;
  /** The host's check of a rewritten tool input, where the profile needs one; null when none was passed. */
  validateToolInput?: ((input: unknown) => boolean) | null;
  /** The event's payload, where the event cannot block some payloads (`unblockable`); absent: none is. */
  payload?: Readonly<Record<string, unknown>>;
}

/** Turns a finished process into a verdict: its exit code, then stdout JSON the profile reads. */
export function interpretOutcome(outcome: ProcessOutcome, context: OutcomeContext): HandlerVerdict {
  const { hook, profile } = context;
  const stderr = outcome.stderr.trim();
  const stderrNote = stderr === "" ? "" : `: ${capMessage(stderr, 500).text}`;
  const fail = (
    status: RunStatus,
    code: Diagnostic["code"],
    severity: Diagnostic["severity"],
    message: string,
  ) => {
    const verdict = createEmptyVerdict(status);
    verdict.diagnostics.push(createHandlerDiagnostic(hook, code, severity, message));
    return verdict;
  };
  // A handler that is not a process (http, prompt, agent, mcp_tool) is worded as a call.
  const isCall = hook.action !== undefined;
  if (outcome.spawnError !== null) {
    const start = isCall ? "could not run" : "could not start";
    return fail("error", "spawn_failed", "error", `${start}: ${outcome.spawnError}`);
  }
  if (outcome.timedOut) {
    const after = formatSeconds(hook.timeoutMs);
    const ending = isCall ? "; its call was abandoned" : " and was killed";
    return fail("timeout", "timeout", "warning", `timed out after ${after}${ending}`);
  }
  if (outcome.cancelled) {
    return fail("error", "engine_closed", "warning", "was cancelled because the engine closed");
  }
  if (outcome.exitCode === null) {
    const killed = `was killed by ${outcome.signal ?? "a signal"}${stderrNote}`;
    return (
      readFailedExitOutput(outcome, context, killed) ??
      fail("error", "nonzero_exit", "warning", killed)
    );
  }
  if (
    outcome.exitCode === 2 &&
    stderr === "" &&
    profile.strictOutput?.reasonRequired === true &&
    context.spec.blockEffect !== "none"
  ) {
    // A strict reader fails a block that gives no reason instead of blocking.
    return fail(
      "error",
      "nonzero_exit",
      "warning",
      `exited with code 2 without a reason on stderr; ${profile.title} fails such a hook instead of blocking`,
    );
  }
  if (outcome.exitCode === 2 && context.spec.exitTwo !== "failure") {
    const read = readExitTwoOutput(outcome, context);
    // A block the JSON made itself keeps its own reason (Claude Code).
    if (read.blocked) return capVerdict(read.verdict, profile, hook);
    const reason = stderr === "" ? describeEmptyBlock(context, isCall) : stderr;
    return applyBlock(read.verdict, reason, context);
  }
  if (outcome.exitCode !== 0 && context.spec.failedExit === "block") {
    // Any failure is the event's block (WorktreeCreate: the creation is aborted).
    const reason =
      stderr === "" ? `${describeHandler(hook)} exited with code ${outcome.exitCode}` : stderr;
    return applyBlock(createEmptyVerdict("blocked"), reason, context);
  }
  if (outcome.exitCode !== 0) {
    const code = outcome.exitCode;
    if (isCall) return fail("error", "nonzero_exit", "warning", `failed${stderrNote}`);
    const failure = `exited with code ${code}${stderrNote}`;
    return (
      readFailedExitOutput(outcome, context, failure) ??
      fail("error", "nonzero_exit", "warning", failure)
    );
  }
  return capVerdict(interpretStdout(outcome, context), profile, hook);
}

function interpretStdout(outcome: ProcessOutcome, context: OutcomeContext): HandlerVerdict {
  const { hook, spec } = context;
  const stdout = outcome.stdout.trim();
  const verdict = createEmptyVerdict("ok");
  // A cut that dropped only whitespace lost nothing: the output is read as if whole.
  if (outcome.stdoutTruncated && outcome.stdoutDroppedOnlyWhitespace !== true) {
    return createCutOutputVerdict(outcome, context);
  }
  // Only a decision counts there: stderr is a log, and a log line may carry "reason" or "continue".
  const misplaced = findOutputFields(outcome.stderr)?.filter(
    (field) => field === "decision" || field === "hookSpecificOutput",
  );
  const parsed = stdout === "" ? null : parseHandlerOutput(stdout, context);
  if (parsed?.kind === "json") return applyJsonOutput(parsed, context);
  // Exit 0's stderr is never read: an answer printed there (`>&2`) decides nothing.
  if (misplaced !== undefined && misplaced.length > 0) {
    verdict.diagnostics.push(
      createHandlerDiagnostic(
        hook,
        "invalid_output",
        "warning",
        `printed a JSON object with ${misplaced.map((field) => `"${field}"`).join(", ")} on stderr, which is not read on exit 0, so it decides nothing (print it on stdout)`,
      ),
    );
  }
  if (parsed === null) return verdict;
  verdict.diagnostics.push(...parsed.diagnostics);
  if (spec.plainStdout === "context") verdict.additionalContext = stdout;
  if (spec.plainStdout === "output" && spec.plainStdoutField !== undefined) {
    verdict.eventOutput = { [spec.plainStdoutField]: stdout };
  }
  if (spec.plainStdout === "invalid") {
    verdict.status = "error";
    verdict.diagnostics.push(
      createHandlerDiagnostic(
        hook,
        "invalid_output",
        "warning",
        `printed plain text, but ${hook.event} expects JSON on stdout; the run failed`,
      ),
    );
  }
  return verdict;
}

// JSON output, read by the event's output contract.
function applyJsonOutput(
  parsed: ParsedHandlerOutput & { kind: "json" },
  context: OutcomeContext,
): HandlerVerdict {
  const { hook } = context;
  const verdict = createEmptyVerdict("ok");
  verdict.diagnostics.push(...parsed.diagnostics);
  if (parsed.failClosed.length > 0) {
    verdict.status = "blocked";
    verdict.decision = "deny";
    verdict.reason = `${describeHandler(hook)} returned reserved field(s) ${parsed.failClosed.join(", ")}, which fail closed`;
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
  if (output.eventOutput !== undefined) verdict.eventOutput = output.eventOutput;
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

// Exit 2's own output: nothing, or where the profile reads it (Claude Code), the JSON on stdout as
// on exit 0; the exit-2 block is applied to it afterwards unless that JSON blocked already.
function readExitTwoOutput(
  outcome: ProcessOutcome,
  context: OutcomeContext,
): { verdict: HandlerVerdict; blocked: boolean } {
  const nothing = { verdict: createEmptyVerdict("blocked"), blocked: false };
  const parsed = readFailedExitJson(outcome, context);
  if (parsed === null) return nothing;
  const verdict = applyJsonOutput(parsed, context);
  // Output that failed the run decides nothing; the exit-2 block stands on its own.
  if (verdict.status === "error") {
    nothing.verdict.diagnostics.push(...verdict.diagnostics);
    return nothing;
  }
  verdict.status = "blocked";
  // A PermissionRequest deny carries no block of its own there: the exit-2 reason is used.
  const denied = parsed.output.decision === "deny" && context.spec.decisionKind === "permission";
  const blocked = parsed.failClosed.length > 0 || parsed.output.block !== undefined || denied;
  return { verdict, blocked };
}

// The JSON on stdout of a command that did not exit 0, where the profile reads it (Claude Code),
// else null: plain text, output that does not parse and a cut capture are never read there.
function readFailedExitJson(
  outcome: ProcessOutcome,
  context: OutcomeContext,
): (ParsedHandlerOutput & { kind: "json" }) | null {
  const stdout = outcome.stdout.trim();
  if (context.profile.stdoutJsonExitCodes !== "any" || !stdout.startsWith("{")) return null;
  if (outcome.stdoutTruncated && outcome.stdoutDroppedOnlyWhitespace !== true) return null;
  const parsed = parseHandlerOutput(stdout, context);
  return parsed.kind === "json" ? parsed : null;
}

// A non-blocking failure (exit 1, 3, …, or a signal) whose JSON on stdout the profile reads: the
// JSON decides as on exit 0 and the failure stays a `nonzero_exit` warning; null when not read.
function readFailedExitOutput(
  outcome: ProcessOutcome,
  context: OutcomeContext,
  failure: string,
): HandlerVerdict | null {
  const parsed = readFailedExitJson(outcome, context);
  if (parsed === null) return null;
  const verdict = applyJsonOutput(parsed, context);
  const read =
    verdict.status === "error"
      ? "its JSON on stdout was invalid and decides nothing"
      : `its JSON on stdout was read as on exit 0, as ${context.profile.title} does`;
  verdict.diagnostics.push(
    createHandlerDiagnostic(context.hook, "nonzero_exit", "warning", `${failure}; ${read}`),
  );
  return capVerdict(verdict, context.profile, context.hook);
}

// The reason of an exit-2 block with empty stderr: the profile's own text (Claude Code's), else the
// handler and its exit code.
function describeEmptyBlock(context: OutcomeContext, isCall: boolean): string {
  const text = context.profile.emptyStderrBlockReason;
  if (text !== undefined && !isCall) return text;
  return `Blocked by ${describeHandler(context.hook)} (exit code 2)`;
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
    createHandlerDiagnostic(
      hook,
      "output_truncated",
      canDecide ? "error" : "warning",
      `printed ${outcome.stdoutBytes} bytes to stdout, over the capture limit of ${profile.captureLimitBytes} bytes (${kept} kept); ${consequence}`,
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
  const { effect, unblockable } = readBlockEffect(spec, context.payload);
  switch (effect) {
    case "decide":
      verdict.decision = blockDecision[spec.decisionKind];
      verdict.reason = reason;
      break;
    // Where a block cannot decide, its reason is kept as context, with a note saying so.
    case "feedback":
    case "unsupported":
      verdict.additionalContext = joinContext(verdict.additionalContext, reason);
      verdict.diagnostics.push(
        spec.blockEffect === "feedback"
          ? createHandlerDiagnostic(
              hook,
              "block_ignored",
              "info",
              `blocked, but ${hook.event} cannot block in ${profile.title}; its reason is passed to the model as feedback`,
            )
          : createHandlerDiagnostic(
              hook,
              "unsupported_field",
              "warning",
              `blocked, but a ${hook.event} block is not applied in ${profile.title} (context only); its reason is kept as context`,
            ),
      );
      break;
    case "none": {
      // A payload the event cannot block is named, so the warning says why this one was not.
      const cannot =
        unblockable === null
          ? `${hook.event} cannot block`
          : `a ${hook.event} with ${unblockable.field} ${JSON.stringify(unblockable.value)} cannot be blocked`;
      verdict.diagnostics.push(
        createHandlerDiagnostic(
          hook,
          "block_ignored",
          "warning",
          `blocked, but ${cannot} in ${profile.title}: ${capMessage(reason, 500).text}`,
        ),
      );
      break;
    }
  }
  return capVerdict(verdict, profile, hook);
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
  hook: HookDefinition,
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
        `${describeHandler(hook)} returned ${field} of ${value.length} characters; it was cut to ${limit}`,
        { file: hook.file, path: hook.path },
      ),
    );
  }
  return verdict;
}

function formatSeconds(milliseconds: number): string {
  return `${Number((milliseconds / 1000).toFixed(3))} s`;
}
