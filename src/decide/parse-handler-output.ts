import { describeHandler } from "../config/describe-handler.js";
import type { Diagnostic } from "../diagnostic.js";
import { checkEventOutputValue } from "../profiles/check-event-output-value.js";
import { eventOutputFields, isEventOutputField } from "../profiles/event-output-fields.js";
import { findStrictOutputViolations } from "../profiles/find-strict-output-violations.js";
import { defaultPermissionDecisions, type EventSpec } from "../profiles/profile.js";
import { isRecord } from "../shared/is-record.js";
import { safeParseJson } from "../shared/safe-parse-json.js";
import { createHandlerDiagnostic } from "./create-handler-diagnostic.js";
import type { Decision } from "./dispatch-result.js";
import type { OutcomeContext } from "./interpret-outcome.js";
import { mapOutputFields } from "./map-output-fields.js";

/** A handler's JSON stdout reduced to what the engine applies. */
export interface HandlerOutput {
  continue?: boolean;
  stopReason?: string;
  systemMessage?: string;
  decision?: Decision;
  reason?: string;
  /** The reason of a block (top-level `decision: "block"`), applied by the event's block effect. */
  block?: string;
  additionalContext?: string;
  updatedInput?: unknown;
  /** Event output fields passed on to the host unapplied, each of its table's type. */
  eventOutput?: Record<string, unknown>;
}

/**
 * Stdout as plain text, or parsed JSON output; diagnostics for every field not applied, the
 * names of fields the event recognizes but does not apply, and of reserved fields returned.
 */
export type ParsedHandlerOutput = (
  | { kind: "plain" }
  | { kind: "json"; output: HandlerOutput; invalid: boolean }
) & { diagnostics: Diagnostic[]; notApplied: string[]; failClosed: string[] };

// Plain type checks of JSON values (no schema library: this runs on every handler's output).
const isBoolean = (value: unknown): value is boolean => typeof value === "boolean";
const isString = (value: unknown): value is string => typeof value === "string";

const topLevelChecks = {
  continue: isBoolean,
  stopReason: isString,
  suppressOutput: isBoolean,
  systemMessage: isString,
  decision: isString,
  reason: isString,
  hookSpecificOutput: isRecord,
} as const;

type TopLevelFields = Partial<{
  [K in keyof typeof topLevelChecks]: (typeof topLevelChecks)[K] extends (
    value: unknown,
  ) => value is infer T
    ? T
    : never;
}>;

/** `{"behavior": "allow" | "deny", "message"?: string, …}`, other keys kept. */
function isPermissionRequestDecision(
  value: unknown,
): value is { behavior: "allow" | "deny"; message?: string } & Record<string, unknown> {
  return (
    isRecord(value) &&
    (value.behavior === "allow" || value.behavior === "deny") &&
    (value.message === undefined || typeof value.message === "string")
  );
}

/** How parsing notes a problem: a diagnostic, a field recognized but not applied, a reserved field. */
interface OutputReporter {
  report(code: Diagnostic["code"], severity: Diagnostic["severity"], message: string): void;
  /** A field the event recognizes but does not apply (it fails the run where the profile says so). */
  notApplied(field: string, message: string): void;
  /** A reserved field, at `path` in the output: the request is denied. */
  failClosed(field: string, path: string): void;
  /** Output the profile's strict reading refuses: the run fails and its reply is ignored. */
  reject(message: string): void;
}

/** Parses a handler's trimmed stdout against its event's output contract; never throws. */
export function parseHandlerOutput(stdout: string, context: OutcomeContext): ParsedHandlerOutput {
  const { hook, spec, profile } = context;
  const parsed: ParsedHandlerOutput = {
    kind: "plain",
    diagnostics: [],
    notApplied: [],
    failClosed: [],
  };
  const report: OutputReporter["report"] = (code, severity, message) => {
    parsed.diagnostics.push(createHandlerDiagnostic(hook, code, severity, message));
  };
  const strictSchema = profile.strictOutput?.closedSchema === true;
  if (strictSchema && (stdout.startsWith("{") || stdout.startsWith("["))) {
    // A strict reader takes output that starts like JSON as JSON: an object, or a failed hook.
    const document = safeParseJson(stdout);
    if (!document.success || !isRecord(document.value)) {
      parsed.diagnostics.push(
        createHandlerDiagnostic(
          hook,
          "invalid_output",
          "warning",
          `printed output that starts like JSON but is not a JSON object; ${profile.title} fails such a hook, so its reply is ignored`,
        ),
      );
      return { ...parsed, kind: "json", output: {}, invalid: true };
    }
  }
  if (!stdout.startsWith("{")) {
    const fields = findOutputObjectAfterText(stdout);
    if (fields !== null) {
      report(
        "invalid_output",
        "warning",
        `printed other text before a JSON object with ${fields.map((field) => `"${field}"`).join(", ")}; stdout is read as JSON only when it holds nothing else, so the whole output is plain text and that JSON decides nothing (write debug output to stderr)`,
      );
    }
    return parsed;
  }
  const document = safeParseJson(stdout);
  if (!document.success) {
    report("invalid_output", "warning", "printed output that starts like JSON but does not parse");
    return parsed;
  }
  if (!isRecord(document.value)) return parsed;
  const value = mapOutputFields(document.value, spec.outputFields);
  const output: HandlerOutput = {};
  const json = { ...parsed, kind: "json" as const, output, invalid: false };
  const reporter: OutputReporter = {
    report,
    notApplied(field, message) {
      json.notApplied.push(field);
      report("unsupported_field", "warning", message);
    },
    failClosed(field, path) {
      json.failClosed.push(field);
      report(
        "unsupported_field",
        "error",
        `returned reserved field ${path}; the request is denied (fails closed)`,
      );
    },
    reject(message) {
      json.invalid = true;
      report(
        "invalid_output",
        "warning",
        `${message}; ${profile.title} fails such a hook, so its reply is ignored`,
      );
    },
  };
  const strict = profile.strictOutput;
  const fields: TopLevelFields = {};
  for (const [key, field] of Object.entries(value)) {
    // A strict reader takes JSON null as an absent field.
    if (strict?.closedSchema === true && field === null) continue;
    // Own keys only: output such as {"__proto__": …} or {"toString": …} names no field.
    const check: ((value: unknown) => boolean) | undefined = Object.hasOwn(topLevelChecks, key)
      ? topLevelChecks[key as keyof typeof topLevelChecks]
      : undefined;
    if (check === undefined) {
      if (strict?.closedSchema === true) {
        reporter.reject(`returned an unknown field "${key}"`);
        continue;
      }
      report("unknown_field", "info", `returned an unknown field "${key}"; it is ignored`);
      continue;
    }
    if (!check(field) && strict?.closedSchema === true) {
      reporter.reject(`returned "${key}" of the wrong type (${describeType(field)})`);
      continue;
    }
    if (!check(field)) {
      report(
        "invalid_output",
        "warning",
        `returned "${key}" of the wrong type (${describeType(field)}); it is ignored`,
      );
      continue;
    }
    Object.assign(fields, { [key]: field });
  }

  for (const key of ["continue", "stopReason", "systemMessage", "suppressOutput"] as const) {
    if (fields[key] === undefined) continue;
    if (spec.topLevelFields.notApplied.includes(key)) {
      if (strict?.inertValuesAccepted === true && isInertValue(key, fields[key])) continue;
      reporter.notApplied(
        key,
        `returned "${key}", which ${hook.event} does not support in ${profile.title}`,
      );
    } else if (!spec.topLevelFields.supported.includes(key) && strict?.closedSchema === true) {
      reporter.reject(`returned "${key}", which ${hook.event} does not take`);
    } else if (!spec.topLevelFields.supported.includes(key)) {
      report(
        "invalid_output",
        "warning",
        `returned "${key}", which ${hook.event} does not accept; it is ignored`,
      );
    } else if (key === "continue" && fields.continue === false && !spec.honorsContinue) {
      report(
        "unsupported_field",
        "info",
        `returned continue: false, which is parsed but does not stop ${hook.event} in ${profile.title}`,
      );
    } else if (key !== "suppressOutput") {
      Object.assign(output, { [key]: fields[key] });
    }
  }

  if (fields.decision !== undefined && spec.blockFields === "specific") {
    report(
      "invalid_output",
      "warning",
      `returned a top-level decision, but ${hook.event} reads its decision from hookSpecificOutput.decision; it is ignored`,
    );
  } else if (fields.decision !== undefined) {
    applyTopLevelDecision(fields.decision, fields.reason, context, output, reporter);
  }
  if (strict !== undefined) {
    for (const violation of findStrictOutputViolations(strict, spec.decisionKind, value)) {
      reporter.reject(`returned ${violation.message}`);
    }
  }

  const specific = fields.hookSpecificOutput;
  if (specific !== undefined) {
    const eventName = specific.hookEventName;
    if (strict?.closedSchema === true && eventName !== hook.event) {
      reporter.reject(
        eventName === undefined
          ? "returned hookSpecificOutput without hookEventName"
          : `returned hookSpecificOutput for "${String(eventName)}" from a ${hook.event} hook`,
      );
      return json;
    }
    if (eventName !== undefined && eventName !== hook.event) {
      report(
        "invalid_output",
        "warning",
        `returned hookSpecificOutput for "${String(eventName)}" from a ${hook.event} hook; it is ignored`,
      );
      return json;
    }
    const blockInside = spec.blockFields === "specific";
    if (blockInside && specific.decision !== undefined) {
      const reason = typeof specific.reason === "string" ? specific.reason : undefined;
      if (typeof specific.decision === "string") {
        applyTopLevelDecision(specific.decision, reason, context, output, reporter);
      } else {
        report(
          "invalid_output",
          "warning",
          "returned a non-string hookSpecificOutput.decision; it is ignored",
        );
      }
    }
    for (const [key, value] of Object.entries(specific)) {
      if (key === "hookEventName") continue;
      if (blockInside && (key === "decision" || key === "reason")) continue;
      if (spec.failClosedFields.includes(key)) {
        reporter.failClosed(key, `hookSpecificOutput.${key}`);
        continue;
      }
      if (spec.specificFields.notApplied.includes(key)) {
        reporter.notApplied(key, notAppliedMessage(hook.event, key, profile.title));
        continue;
      }
      if (strict?.closedSchema === true && value === null) continue;
      if (!spec.specificFields.supported.includes(key) && strict?.closedSchema === true) {
        reporter.reject(`returned hookSpecificOutput.${key}, which ${hook.event} does not take`);
        continue;
      }
      if (!spec.specificFields.supported.includes(key)) {
        const elsewhere = Object.values(profile.events).some(
          (other) =>
            other.specificFields.supported.includes(key) ||
            other.specificFields.notApplied.includes(key),
        );
        report(
          elsewhere ? "invalid_output" : "unknown_field",
          elsewhere ? "warning" : "info",
          `returned hookSpecificOutput.${key}, which ${hook.event} does not support; it is ignored`,
        );
        continue;
      }
      applySpecificField(key, value, spec, output, reporter);
    }
    validateUpdatedInput(json, context, report);
  }
  return json;
}

// `continue: true` and `suppressOutput: false` ask for nothing.
function isInertValue(key: string, value: unknown): boolean {
  return (key === "continue" && value === true) || (key === "suppressOutput" && value === false);
}

/**
 * The output fields (`decision`, `hookSpecificOutput`, …) of a JSON object in `text`, all of it or
 * standing on lines of its own after other text, or null: stderr that holds the answer stdout
 * should have.
 *
 * @example
 * ```ts
 * findOutputFields('checking\n{"decision": "block", "reason": "no"}'); // ["decision", "reason"]
 * ```
 */
export function findOutputFields(text: string): string[] | null {
  const trimmed = text.trim();
  return trimmed.startsWith("{") ? readOutputFields(trimmed) : findOutputObjectAfterText(trimmed);
}

/**
 * The output fields of a JSON object that stands on lines of its own after other text (a debug
 * print before the answer), or null: the text from the first line that starts with `{` to the end,
 * else any single line that is an object; only an object with a field of the output contract counts.
 */
function findOutputObjectAfterText(stdout: string): string[] | null {
  let start = stdout.indexOf("\n{");
  if (start === -1) return null;
  const rest = readOutputFields(stdout.slice(start + 1));
  if (rest !== null) return rest;
  while (start !== -1) {
    const end = stdout.indexOf("\n", start + 1);
    const line = stdout.slice(start + 1, end === -1 ? undefined : end).trim();
    const fields = line.endsWith("}") ? readOutputFields(line) : null;
    if (fields !== null) return fields;
    start = end === -1 ? -1 : stdout.indexOf("\n{", end);
  }
  return null;
}

function readOutputFields(text: string): string[] | null {
  const document = safeParseJson(text);
  if (!document.success || !isRecord(document.value)) return null;
  const fields = Object.keys(document.value).filter((key) => Object.hasOwn(topLevelChecks, key));
  return fields.length === 0 ? null : fields;
}

function applyTopLevelDecision(
  decision: string,
  reason: string | undefined,
  context: OutcomeContext,
  output: HandlerOutput,
  { report, notApplied }: OutputReporter,
): void {
  const { spec } = context;
  const legacy = Object.hasOwn(spec.legacyDecisions, decision)
    ? spec.legacyDecisions[decision as "approve" | "block"]
    : undefined;
  if (legacy === "unsupported") {
    notApplied("decision", `returned the legacy decision "${decision}", which is not supported`);
  } else if (legacy !== undefined) {
    output.decision = legacy;
    if (reason !== undefined) output.reason = reason;
  } else if (decision === "block" && spec.decisionKind !== "permission-request") {
    output.block = reason ?? `Blocked by ${describeHandler(context.hook)}`;
  } else {
    report(
      "invalid_output",
      "warning",
      `returned decision "${decision}", which this event does not accept; it is ignored`,
    );
  }
}

function applySpecificField(
  key: string,
  value: unknown,
  spec: EventSpec,
  output: HandlerOutput,
  { report, notApplied, failClosed }: OutputReporter,
): void {
  const wrongType = () =>
    report(
      "invalid_output",
      "warning",
      `returned hookSpecificOutput.${key} of the wrong type (${describeType(value)}); it is ignored`,
    );
  switch (key) {
    case "additionalContext":
      if (typeof value === "string") output.additionalContext = value;
      else wrongType();
      return;
    case "permissionDecision": {
      const rules: Readonly<Record<string, "apply" | "unsupported">> =
        spec.permissionDecisions ?? defaultPermissionDecisions;
      const rule =
        typeof value === "string" && Object.hasOwn(rules, value) ? rules[value] : undefined;
      if (rule === "apply") {
        output.decision = value as Decision;
      } else if (rule === "unsupported") {
        const fallback =
          value === "defer" ? "; the normal permission flow follows (never allow)" : "";
        notApplied(
          `permissionDecision:${String(value)}`,
          `returned permissionDecision "${String(value)}", which is not supported${fallback}`,
        );
      } else {
        report(
          "invalid_output",
          "warning",
          `returned permissionDecision ${JSON.stringify(value)}; expected one of ${Object.keys(rules).join(", ")}; it is ignored`,
        );
      }
      return;
    }
    case "permissionDecisionReason":
      if (typeof value === "string") output.reason = value;
      else wrongType();
      return;
    case "decision": {
      if (!isPermissionRequestDecision(value)) {
        report(
          "invalid_output",
          "warning",
          `returned a decision that is not {"behavior": "allow" | "deny"}; it is ignored`,
        );
        return;
      }
      output.decision = value.behavior;
      if (value.message !== undefined) output.reason = value.message;
      const nestedRules = spec.decisionFields;
      for (const [nested, nestedValue] of Object.entries(value)) {
        if (nested === "behavior" || nested === "message") continue;
        if (spec.failClosedFields.includes(nested)) {
          failClosed(nested, `decision.${nested}`);
        } else if (nestedRules === undefined) {
          if (spec.specificFields.notApplied.includes(nested)) {
            notApplied(nested, `returned decision.${nested}, which is parsed but not applied`);
          }
        } else if (nestedRules.notApplied.includes(nested)) {
          notApplied(nested, `returned decision.${nested}, which is parsed but not applied`);
        } else if (nested === "updatedInput" && nestedRules.supported.includes(nested)) {
          output.updatedInput = nestedValue;
        } else if (nestedRules.supported.includes(nested) && isEventOutputField(nested)) {
          addEventOutput(`decision.${nested}`, nested, nestedValue, output, report);
        } else {
          report(
            "unknown_field",
            "info",
            `returned decision.${nested}, which this event does not read; it is ignored`,
          );
        }
      }
      return;
    }
    case "updatedInput":
      output.updatedInput = value;
      return;
    default:
      if (isEventOutputField(key)) {
        addEventOutput(`hookSpecificOutput.${key}`, key, value, output, report);
      } else {
        wrongType();
      }
  }
}

// A field the host applies: kept for eventOutput when its value has the table's type.
function addEventOutput(
  path: string,
  key: keyof typeof eventOutputFields,
  value: unknown,
  output: HandlerOutput,
  report: OutputReporter["report"],
): void {
  const type = eventOutputFields[key].value;
  if (!checkEventOutputValue(value, type)) {
    const expected = typeof type === "object" ? `one of ${type.oneOf.join(", ")}` : type;
    report(
      "invalid_output",
      "warning",
      `returned ${path} of the wrong type (${describeType(value)}, expected ${expected}); it is ignored`,
    );
    return;
  }
  output.eventOutput = { ...output.eventOutput, [key]: value };
}

// A rewrite goes with an allow (or, where the profile says so, no decision), and a shell or patch
// tool needs a string command.
function validateUpdatedInput(
  parsed: { output: HandlerOutput; invalid: boolean },
  context: OutcomeContext,
  report: OutputReporter["report"],
): void {
  const { output } = parsed;
  if (output.updatedInput === undefined) return;
  const { profile, toolName } = context;
  let problem: string | null = null;
  if (output.decision === "deny" && profile.updatedInputWithDeny === "drop-rewrite") {
    // The deny stands; only the rewrite goes.
    delete output.updatedInput;
    report(
      "invalid_output",
      "warning",
      "returned a rewrite with a deny; the call is denied and the rewrite dropped",
    );
    return;
  }
  const accepted: readonly string[] = profile.updatedInputDecisions;
  // Where the profile applies a rewrite without a decision, the host's permission flow judges it.
  const undecided =
    output.decision === undefined && profile.updatedInputWithoutDecision === "apply";
  if (!undecided && (output.decision === undefined || !accepted.includes(output.decision))) {
    const alone = profile.updatedInputWithoutDecision === "apply" ? ", or with none" : "";
    problem = `updatedInput is only accepted with permissionDecision ${accepted.map((value) => `"${value}"`).join(" or ")}${alone}`;
  } else if (!isRecord(output.updatedInput)) {
    problem = "updatedInput must be an object";
  } else if (
    toolName !== null &&
    profile.commandTools.includes(toolName) &&
    typeof (output.updatedInput as Record<string, unknown>).command !== "string"
  ) {
    problem = `updatedInput for ${toolName} must include a string "command"`;
  }
  if (problem === null && profile.updatedInputNeedsSchema) {
    const validate = context.validateToolInput ?? null;
    const unchecked =
      validate === null
        ? "no tool input schema was passed with the dispatch"
        : validate(output.updatedInput)
          ? null
          : "it does not match the tool's input schema";
    if (unchecked !== null) {
      delete output.updatedInput;
      report("invalid_output", "warning", `returned a rewrite that is dropped: ${unchecked}`);
    }
    return;
  }
  if (problem === null) return;
  delete output.updatedInput;
  parsed.invalid = true;
  report("invalid_output", "error", `returned an invalid rewrite: ${problem}`);
}

function notAppliedMessage(event: string, key: string, title: string): string {
  if (key === "defer") {
    return `returned ${event}.defer, which ${title} does not apply; the normal permission flow follows (never allow)`;
  }
  return `returned ${event}.${key}, which ${title} parses but does not apply`;
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
