import type { z } from "zod";
import { requireZod } from "../require-zod.js";
import { isRecord } from "../shared/is-record.js";
import {
  type CodexFieldType,
  type CodexOutputEvent,
  codexHookOutputs,
  isCodexOutputEvent,
} from "./codex-hook-outputs.js";

const schemas = new Map<CodexOutputEvent, z.ZodType>();

function buildFieldSchema(type: CodexFieldType): z.ZodType {
  if (type === "boolean") return requireZod().boolean().optional();
  // Codex's other fields are options that read JSON null as absent.
  if (type === "string") return requireZod().string().nullish();
  if (type === "value") return requireZod().unknown().optional();
  if ("enum" in type) return requireZod().enum(type.enum).nullish();
  return buildObjectSchema(type.object, type.required).nullish();
}

// A required field: its value, never absent or null.
function buildRequiredSchema(type: CodexFieldType): z.ZodType {
  if (type === "boolean") return requireZod().boolean();
  if (type === "string") return requireZod().string();
  if (type === "value")
    return requireZod()
      .unknown()
      .refine((value) => value !== undefined);
  if ("enum" in type) return requireZod().enum(type.enum);
  return buildObjectSchema(type.object, type.required);
}

function buildObjectSchema(
  fields: Readonly<Record<string, CodexFieldType>>,
  required: readonly string[],
): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, type] of Object.entries(fields)) {
    const schema = buildFieldSchema(type);
    shape[name] = required.includes(name) ? buildRequiredSchema(type) : schema;
  }
  return requireZod().strictObject(shape);
}

function selectSchema(event: CodexOutputEvent): z.ZodType {
  const cached = schemas.get(event);
  if (cached !== undefined) return cached;
  const row = codexHookOutputs[event];
  const top = buildObjectSchema(row.fields, []);
  const schema =
    row.specificFields === null
      ? top
      : top.extend({
          hookSpecificOutput: buildObjectSchema(row.specificFields, [])
            .extend({ hookEventName: requireZod().literal(event) })
            .nullish(),
        });
  schemas.set(event, schema);
  return schema;
}

function readPath(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isRecord(current) || typeof key !== "string") return undefined;
    current = current[key];
  }
  return current;
}

function describeIssue(issue: z.core.$ZodIssue, output: unknown): string {
  const where = issue.path.join(".");
  if (issue.code === "unrecognized_keys") {
    const names = issue.keys.map((key) => (where === "" ? key : `${where}.${key}`));
    return `${names.map((name) => `"${name}"`).join(", ")} ${names.length === 1 ? "is" : "are"} not in Codex's schema`;
  }
  if (readPath(output, issue.path) === undefined) return `"${where}" is missing`;
  return `"${where}": ${issue.message}`;
}

/**
 * Whether a hook's JSON output passes Codex 0.169's reading of `event`: each rule it breaks, in
 * Codex's own words (`PreToolUse hook returned permissionDecision:deny without a non-empty
 * permissionDecisionReason`); Codex then marks the hook failed and goes on as if it had not run
 * (a tool call runs). The schema comes from `codexHookOutputs`; the rules on values are those of
 * Codex's output parser (codex-rs `hooks/src/engine/output_parser.rs`, the messages in the 0.169
 * binary). An event Codex reads no output on takes none.
 *
 * @example
 * ```ts
 * checkCodexOutput("PreToolUse", { hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "no" } });
 * // ['hook returned invalid pre-tool-use JSON output ("hookSpecificOutput.hookEventName" is missing)']
 * ```
 */
export function checkCodexOutput(event: string, output: unknown): string[] {
  if (!isCodexOutputEvent(event)) {
    return [`Codex 0.169 reads no hook output on ${event}`];
  }
  const parsed = selectSchema(event).safeParse(output);
  if (!parsed.success) {
    const details = parsed.error.issues.map((issue) => describeIssue(issue, output)).join("; ");
    return [`hook returned invalid ${codexHookOutputs[event].outputName} JSON output (${details})`];
  }
  const fields = isRecord(parsed.data) ? parsed.data : {};
  const specific = isRecord(fields.hookSpecificOutput) ? fields.hookSpecificOutput : null;
  return listRuleBreaks(event, fields, specific);
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function isEmptyText(value: unknown): boolean {
  return typeof value !== "string" || value.trim() === "";
}

function listRuleBreaks(
  event: CodexOutputEvent,
  fields: Record<string, unknown>,
  specific: Record<string, unknown> | null,
): string[] {
  const problems: string[] = [];
  const blocked = fields.decision === "block";
  if (event === "PreToolUse" || event === "PermissionRequest") {
    if (fields.continue === false)
      problems.push(`${event} hook returned unsupported continue:false`);
    if (isPresent(fields.stopReason))
      problems.push(`${event} hook returned unsupported stopReason`);
  }
  if (
    (event === "PreToolUse" || event === "PermissionRequest" || event === "PostToolUse") &&
    fields.suppressOutput === true
  ) {
    problems.push(`${event} hook returned unsupported suppressOutput`);
  }
  if (event === "PreToolUse") problems.push(...listPreToolUseBreaks(fields, specific));
  if (event === "PermissionRequest") {
    const decision = isRecord(specific?.decision) ? specific.decision : null;
    for (const field of ["updatedInput", "updatedPermissions"]) {
      if (isPresent(decision?.[field])) {
        problems.push(`PermissionRequest hook returned unsupported ${field}`);
      }
    }
    if (decision?.interrupt === true) {
      problems.push("PermissionRequest hook returned unsupported interrupt:true");
    }
  }
  if (event === "PostToolUse") {
    if (isPresent(specific?.updatedMCPToolOutput)) {
      problems.push("PostToolUse hook returned unsupported updatedMCPToolOutput");
    }
    if (!blocked && fields.continue !== false && isPresent(fields.reason)) {
      problems.push("PostToolUse hook returned reason without decision");
    }
  }
  if (event !== "PreToolUse" && blocked && isEmptyText(fields.reason)) {
    problems.push(`${event} hook returned decision:block without a non-empty reason`);
  }
  return problems;
}

// PreToolUse reads hookSpecificOutput's decision when it has one, else the legacy top-level one.
function listPreToolUseBreaks(
  fields: Record<string, unknown>,
  specific: Record<string, unknown> | null,
): string[] {
  const decision = specific?.permissionDecision;
  const specificDecides =
    isPresent(decision) ||
    isPresent(specific?.permissionDecisionReason) ||
    isPresent(specific?.updatedInput);
  if (!specificDecides) {
    if (fields.decision === "approve")
      return ["PreToolUse hook returned unsupported decision:approve"];
    if (fields.decision === "block" && isEmptyText(fields.reason)) {
      return ["PreToolUse hook returned decision:block without a non-empty reason"];
    }
    if (!isPresent(fields.decision) && isPresent(fields.reason)) {
      return ["PreToolUse hook returned reason without decision"];
    }
    return [];
  }
  if (isPresent(specific?.updatedInput) && decision !== "allow") {
    return ["PreToolUse hook returned updatedInput without permissionDecision:allow"];
  }
  if (decision === "allow" && !isPresent(specific?.updatedInput)) {
    return ["PreToolUse hook returned unsupported permissionDecision:allow"];
  }
  if (decision === "ask") return ["PreToolUse hook returned unsupported permissionDecision:ask"];
  if (decision === "deny" && isEmptyText(specific?.permissionDecisionReason)) {
    return [
      "PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason",
    ];
  }
  if (!isPresent(decision) && isPresent(specific?.permissionDecisionReason)) {
    return ["PreToolUse hook returned permissionDecisionReason without permissionDecision"];
  }
  return [];
}
