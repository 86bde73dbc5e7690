import { mapOutputFields } from "../../decide/map-output-fields.js";
import { defaultPermissionDecisions, type EventSpec } from "../../profiles/profile.js";
import { isRecord } from "../../shared/is-record.js";
import { readOwn } from "../../shared/read-own.js";
import { createShimVerdict } from "../create-shim-verdict.js";
import { readHookJson } from "../read-hook-json.js";
import type { ShimRunOutcome, ShimVerdict } from "../shim-types.js";
import { findCopilotEvent } from "./copilot-events.js";
import { readDecisionKind, type ShimHost } from "./shim-host.js";

/**
 * Output fields Copilot CLI reads that the copilot profile has no row for: permissionRequest's
 * `interrupt` (with a deny, it stops the agent).
 */
const hostOnlyFields: Readonly<Record<string, readonly string[]>> = {
  permissionRequest: ["interrupt"],
};

/** A Stop-like row's own top-level fields, which the profile reads without renaming them. */
const blockFields = ["decision", "reason"];

/**
 * Reads a Copilot CLI hook's exit code and output (docs.github.com, "GitHub Copilot CLI hooks
 * reference", 2026) by the event's row in the `copilot` profile: its `outputFields` (preToolUse's
 * `permissionDecision` / `permissionDecisionReason` / `modifiedArgs`, permissionRequest's
 * `behavior` / `message`, `additionalContext` where a row maps it), a blocking row's
 * `decision: "block"` and `reason`, and exit 2 where the row's `exitTwo` gives it a meaning (a
 * deciding row's deny, stdout JSON merged with it; a feedback row's stderr as context). Copilot
 * CLI logs and skips any other failing exit, so it decides nothing; output that cannot be read on
 * an event that can block is a `failure`.
 *
 * @example
 * ```ts
 * readCopilotVerdict(copilotHost, "preToolUse", { exitCode: 0, stdout: '{"permissionDecision":"deny","permissionDecisionReason":"no"}',
 *   stderr: "", timedOut: false, truncated: false, spawnError: null });
 * // { decision: "deny", reason: "no", … }
 * ```
 */
export function readCopilotVerdict(
  host: Pick<ShimHost, "events" | "decisions">,
  hookEvent: string,
  outcome: ShimRunOutcome,
): ShimVerdict {
  const { event, spec } = findCopilotEvent(host, hookEvent);
  const kind = readDecisionKind(host, event);
  const verdict = createShimVerdict();
  const stderr = outcome.stderr.trim();
  const json = readHookJson(outcome.stdout);
  const exitTwoCounts = spec !== undefined && spec.exitTwo !== "failure";
  if (outcome.exitCode === 2 && exitTwoCounts && spec.blockEffect === "decide") {
    // "stdout JSON (if any) is merged with {"behavior":"deny"}, and stderr is ignored".
    const output = json.kind === "object" ? readEngineFields(json.value, spec) : null;
    const message = output?.specific.permissionDecisionReason;
    verdict.decision = kind === "permission" ? "deny" : "block";
    verdict.reason =
      typeof message === "string" && message.trim() !== ""
        ? message
        : "Blocked by the hook (exit code 2)";
    return verdict;
  }
  if (outcome.exitCode === 2 && exitTwoCounts && spec.blockEffect === "feedback") {
    if (stderr !== "") verdict.additionalContext.push(stderr);
    return verdict;
  }
  if (outcome.exitCode !== 0) {
    const note = stderr === "" ? "" : `: ${stderr}`;
    verdict.problems.push(
      `exited with code ${String(outcome.exitCode)} (Copilot CLI logs and skips a failing hook)${note}`,
    );
    return verdict;
  }
  if (json.kind === "empty") return verdict;
  if (json.kind === "unreadable") {
    if (kind === "none") verdict.problems.push(json.why);
    else verdict.failure = json.why;
    return verdict;
  }
  const output = json.value;
  const known = spec === undefined ? [] : listKnownFields(event, spec);
  for (const key of Object.keys(output)) {
    if (!known.includes(key)) verdict.problems.push(`${key} is not read on Copilot CLI's ${event}`);
  }
  if (spec === undefined) return verdict;
  const fields = readEngineFields(output, spec);
  const context = fields.specific.additionalContext;
  if (typeof context === "string") verdict.additionalContext.push(context);
  const failure = readDecision(spec, known.includes("interrupt"), fields, verdict);
  if (failure !== null) {
    verdict.failure = failure;
    verdict.decision = null;
  }
  return verdict;
}

/** The output fields a row reads: its `outputFields`, a blocking row's own, and the host's extras. */
function listKnownFields(event: string, spec: EventSpec): string[] {
  return [
    ...(spec.outputFields ?? []).map((mapping) => mapping.from),
    ...(spec.decisionKind === "block" ? blockFields : []),
    ...(readOwn(hostOnlyFields, event) ?? []),
  ];
}

interface EngineFields {
  top: Readonly<Record<string, unknown>>;
  specific: Readonly<Record<string, unknown>>;
  /** Each engine field's name in the hook's output, for messages (`behavior` for permissionDecision). */
  spelling: (field: string) => string;
}

// The hook's output in the engine's field names, by the row's outputFields.
function readEngineFields(
  output: Readonly<Record<string, unknown>>,
  spec: EventSpec,
): EngineFields {
  const mapped = mapOutputFields(output, spec.outputFields);
  const specific = isRecord(mapped.hookSpecificOutput) ? mapped.hookSpecificOutput : {};
  const spelling = (field: string): string =>
    spec.outputFields?.find((mapping) => mapping.to === `hookSpecificOutput.${field}`)?.from ??
    field;
  return { top: mapped, specific, spelling };
}

/** Copies the event's decision into the verdict; returns why it cannot be read, or null. */
function readDecision(
  spec: EventSpec,
  readsInterrupt: boolean,
  fields: EngineFields,
  verdict: ShimVerdict,
): string | null {
  const { top, specific, spelling } = fields;
  if (spec.decisionKind === "permission") {
    const decision = specific.permissionDecision;
    const values = Object.entries(spec.permissionDecisions ?? defaultPermissionDecisions)
      .filter(([, effect]) => effect === "apply")
      .map(([value]) => value);
    if (decision !== undefined && !values.includes(String(decision))) {
      return `returned ${spelling("permissionDecision")} ${JSON.stringify(decision)}, which is not ${listChoices(values)}`;
    }
    if (decision === "allow" || decision === "deny" || decision === "ask") {
      verdict.decision = decision;
    }
    if (typeof specific.permissionDecisionReason === "string") {
      verdict.reason = specific.permissionDecisionReason;
    }
    if (specific.updatedInput !== undefined) {
      if (!isRecord(specific.updatedInput)) {
        return `returned ${spelling("updatedInput")} that is not an object`;
      }
      verdict.updatedInput = specific.updatedInput;
    }
    if (decision === "deny" && readsInterrupt && top.interrupt === true) verdict.continue = false;
    return null;
  }
  if (spec.decisionKind === "block") {
    const decision = top.decision;
    if (decision !== undefined && decision !== "block" && decision !== "allow") {
      return `returned decision ${JSON.stringify(decision)}, which is not block or allow`;
    }
    if (decision === "block") {
      verdict.decision = "block";
      if (typeof top.reason === "string") verdict.reason = top.reason;
    }
  }
  return null;
}

// ["allow", "deny", "ask"] → "allow, deny or ask".
function listChoices(values: readonly string[]): string {
  return values.length < 2
    ? values.join("")
    : `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}
