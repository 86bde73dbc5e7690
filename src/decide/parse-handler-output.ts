import { z } from "zod";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { describeHandler, describeHandlerLocation } from "./describe-handler.js";
import type { Decision } from "./dispatch-result.js";
import type { OutcomeContext } from "./interpret-outcome.js";

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
}

/** Stdout as plain text, or parsed JSON output; diagnostics for every field not applied. */
export type ParsedHandlerOutput = ({ kind: "plain" } | { kind: "json"; output: HandlerOutput }) & {
  diagnostics: Diagnostic[];
};

const topLevelSchemas = {
  continue: z.boolean(),
  stopReason: z.string(),
  suppressOutput: z.boolean(),
  systemMessage: z.string(),
  decision: z.string(),
  reason: z.string(),
  hookSpecificOutput: z.record(z.string(), z.unknown()),
} as const;

const permissionDecisions = new Set(["allow", "deny", "ask"]);
const permissionRequestDecisionSchema = z.looseObject({
  behavior: z.enum(["allow", "deny"]),
  message: z.string().optional(),
});

/** Parses a handler's trimmed stdout against its event's output contract; never throws. */
export function parseHandlerOutput(stdout: string, context: OutcomeContext): ParsedHandlerOutput {
  const { hook, spec, profile } = context;
  const diagnostics: Diagnostic[] = [];
  const subject = describeHandler(hook);
  const where = describeHandlerLocation(hook);
  const report = (code: Diagnostic["code"], severity: Diagnostic["severity"], message: string) => {
    diagnostics.push(
      createDiagnostic(code, severity, `${subject} ${message} ${where}`, {
        file: hook.file,
        path: hook.path,
      }),
    );
  };
  if (!stdout.startsWith("{")) return { kind: "plain", diagnostics };
  const document = safeParseJson(stdout);
  if (!document.success) {
    report(
      "invalid_output",
      "warning",
      "printed output that starts like JSON but does not parse; it is ignored",
    );
    return { kind: "plain", diagnostics };
  }
  if (
    typeof document.value !== "object" ||
    document.value === null ||
    Array.isArray(document.value)
  ) {
    return { kind: "plain", diagnostics };
  }
  const raw = document.value as Record<string, unknown>;
  const fields: Partial<{
    [K in keyof typeof topLevelSchemas]: z.infer<(typeof topLevelSchemas)[K]>;
  }> = {};
  for (const [key, value] of Object.entries(raw)) {
    const schema = topLevelSchemas[key as keyof typeof topLevelSchemas];
    if (schema === undefined) {
      report("unknown_field", "info", `returned an unknown field "${key}"; it is ignored`);
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      report(
        "invalid_output",
        "warning",
        `returned "${key}" of the wrong type (${describeType(value)}); it is ignored`,
      );
      continue;
    }
    Object.assign(fields, { [key]: parsed.data });
  }
  const output: HandlerOutput = {};
  if (fields.continue !== undefined) output.continue = fields.continue;
  if (fields.stopReason !== undefined) output.stopReason = fields.stopReason;
  if (fields.systemMessage !== undefined) output.systemMessage = fields.systemMessage;

  if (fields.decision !== undefined) {
    const reason = fields.reason;
    if (
      spec.decisionKind === "permission" &&
      (fields.decision === "approve" || fields.decision === "block")
    ) {
      output.decision = fields.decision === "approve" ? "allow" : "deny";
      if (reason !== undefined) output.reason = reason;
    } else if (fields.decision === "block" && spec.decisionKind !== "permission-request") {
      output.block = reason ?? `Blocked by ${subject}`;
    } else if (!(fields.decision === "approve" && spec.decisionKind === "stop")) {
      report(
        "invalid_output",
        "warning",
        `returned decision "${fields.decision}", which ${hook.event} does not accept; it is ignored`,
      );
    }
  }

  const specific = fields.hookSpecificOutput;
  if (specific !== undefined) {
    const eventName = specific.hookEventName;
    if (eventName !== undefined && eventName !== hook.event) {
      report(
        "invalid_output",
        "warning",
        `returned hookSpecificOutput for "${String(eventName)}" from a ${hook.event} hook; it is ignored`,
      );
      return { kind: "json", output, diagnostics };
    }
    for (const [key, value] of Object.entries(specific)) {
      if (key === "hookEventName") continue;
      if (spec.parsedNotApplied.includes(key)) {
        report("unsupported_field", "warning", notAppliedMessage(hook.event, key, profile.title));
        continue;
      }
      if (!spec.supportedFields.includes(key)) {
        const elsewhere = Object.values(profile.events).some(
          (other) => other.supportedFields.includes(key) || other.parsedNotApplied.includes(key),
        );
        report(
          elsewhere ? "invalid_output" : "unknown_field",
          elsewhere ? "warning" : "info",
          `returned hookSpecificOutput.${key}, which ${hook.event} does not support; it is ignored`,
        );
        continue;
      }
      applySpecificField(key, value, output, report, hook.event);
    }
  }
  return { kind: "json", output, diagnostics };
}

function applySpecificField(
  key: string,
  value: unknown,
  output: HandlerOutput,
  report: (code: Diagnostic["code"], severity: Diagnostic["severity"], message: string) => void,
  event: string,
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
    case "permissionDecision":
      if (value === "defer") {
        report(
          "unsupported_field",
          "warning",
          `returned permissionDecision "defer", which is not applied; the normal permission flow follows (never allow)`,
        );
      } else if (typeof value === "string" && permissionDecisions.has(value)) {
        output.decision = value as Decision;
      } else {
        report(
          "invalid_output",
          "warning",
          `returned permissionDecision ${JSON.stringify(value)}; expected "allow", "deny" or "ask"; it is ignored`,
        );
      }
      return;
    case "permissionDecisionReason":
      if (typeof value === "string") output.reason = value;
      else wrongType();
      return;
    case "decision": {
      const parsed = permissionRequestDecisionSchema.safeParse(value);
      if (!parsed.success) {
        report(
          "invalid_output",
          "warning",
          `returned a ${event} decision that is not {"behavior": "allow" | "deny"}; it is ignored`,
        );
        return;
      }
      output.decision = parsed.data.behavior;
      if (parsed.data.message !== undefined) output.reason = parsed.data.message;
      for (const nested of ["updatedInput", "updatedPermissions"]) {
        if (nested in parsed.data) {
          report(
            "unsupported_field",
            "warning",
            `returned decision.${nested}, which is parsed but not applied`,
          );
        }
      }
      return;
    }
    case "updatedInput":
      output.updatedInput = value;
      return;
    default:
      wrongType();
  }
}

function notAppliedMessage(event: string, key: string, title: string): string {
  if (key === "defer") {
    return `returned ${event}.defer, which ${title} does not apply; the normal permission flow follows (never allow)`;
  }
  return `returned ${event}.${key}, which ${title} parses but does not apply; normal behaviour follows`;
}

function safeParseJson(text: string): { success: true; value: unknown } | { success: false } {
  try {
    return { success: true, value: JSON.parse(text) };
  } catch {
    return { success: false };
  }
}

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}
