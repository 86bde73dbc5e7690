import { isRecord } from "../shared/is-record.js";
import type { DecisionKind, StrictOutputRules } from "./profile.js";

/** A rule of a strict agent's reading that a hook's reply breaks, in the engine's words. */
export interface StrictOutputViolation {
  rule:
    | "rewrite-only-decision"
    | "deny-without-reason"
    | "block-without-reason"
    | "reason-without-decision"
    | "permission-reason-without-decision";
  /** What the reply did, after "returned" (`decision: "block" without a non-empty reason`). */
  message: string;
}

// JSON null reads as an absent field, as the strict agent's options do.
const isPresent = (value: unknown) => value !== undefined && value !== null;
const isEmptyText = (value: unknown) => typeof value !== "string" || value.trim() === "";

/**
 * The rules of a strict agent's reading (`Profile.strictOutput`) beyond the fields' shapes that a
 * hook's JSON reply breaks, for an event of `decisionKind`: the one statement of those rules, which
 * the engine fails a run for and the event's output schema refuses.
 *
 * @example
 * ```ts
 * findStrictOutputViolations(codexProfile.strictOutput, "block", { decision: "block" });
 * // [{ rule: "block-without-reason", message: 'decision: "block" without a non-empty reason' }]
 * ```
 */
export function findStrictOutputViolations(
  strict: Pick<
    StrictOutputRules,
    "reasonRequired" | "rewriteOnlyDecisions" | "reasonNeedsDecision"
  >,
  decisionKind: DecisionKind,
  output: Readonly<Record<string, unknown>>,
): StrictOutputViolation[] {
  const violations: StrictOutputViolation[] = [];
  const specific = isRecord(output.hookSpecificOutput) ? output.hookSpecificOutput : {};
  const permission = decisionKind === "permission" ? specific.permissionDecision : undefined;
  if (typeof permission === "string") {
    if (strict.rewriteOnlyDecisions.includes(permission) && !isPresent(specific.updatedInput)) {
      violations.push({
        rule: "rewrite-only-decision",
        message: `permissionDecision "${permission}" without updatedInput`,
      });
    }
    if (strict.reasonRequired && permission === "deny") {
      if (isEmptyText(specific.permissionDecisionReason)) {
        violations.push({
          rule: "deny-without-reason",
          message: 'permissionDecision "deny" without a non-empty permissionDecisionReason',
        });
      }
    }
  } else if (
    decisionKind === "permission" &&
    strict.reasonNeedsDecision &&
    isPresent(specific.permissionDecisionReason)
  ) {
    violations.push({
      rule: "permission-reason-without-decision",
      message: "permissionDecisionReason without a permissionDecision",
    });
  }
  if (strict.reasonRequired && output.decision === "block" && isEmptyText(output.reason)) {
    violations.push({
      rule: "block-without-reason",
      message: 'decision: "block" without a non-empty reason',
    });
  }
  if (
    strict.reasonNeedsDecision &&
    isPresent(output.reason) &&
    !isPresent(output.decision) &&
    output.continue !== false
  ) {
    violations.push({ rule: "reason-without-decision", message: "a reason without a decision" });
  }
  return violations;
}
