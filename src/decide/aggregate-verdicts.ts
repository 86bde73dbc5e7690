import type { DecisionKind } from "../profiles/profile.js";
import type { Decision, DispatchResult } from "./dispatch-result.js";
import type { HandlerVerdict } from "./handler-verdict.js";
import { mergeEventOutput } from "./merge-event-output.js";

/** The combined effect of every handler of one event, before session rules apply. */
export type AggregatedVerdict = Omit<DispatchResult, "event" | "runs" | "diagnostics">;

/** The combined effect of no handler at all: nothing decided, nothing said, the agent goes on. */
export function createUndecidedVerdict(): AggregatedVerdict {
  return {
    decision: null,
    reason: null,
    continue: true,
    stopReason: null,
    systemMessages: [],
    additionalContext: [],
    updatedInput: null,
  };
}

/** How strongly each decision wins for a decision kind; a decision not listed is ignored. */
export const decisionPrecedence = {
  permission: { deny: 4, defer: 3, ask: 2, allow: 1 },
  "permission-request": { deny: 2, allow: 1 },
  block: { block: 1 },
  none: {},
} as const satisfies Record<DecisionKind, Partial<Record<Decision, number>>>;

/**
 * Combines verdicts listed in configuration order: the strongest decision wins (the first
 * reason given for it, in configuration order, is kept), messages and context keep configuration
 * order, and event output fields merge by their rule (`mergeEventOutput`).
 */
export function aggregateVerdicts(
  verdicts: readonly HandlerVerdict[],
  decisionKind: DecisionKind,
): AggregatedVerdict {
  const precedence: Partial<Record<Decision, number>> = decisionPrecedence[decisionKind];
  const result = createUndecidedVerdict();
  let strongest = 0;
  for (const verdict of verdicts) {
    if (!verdict.continue) {
      result.continue = false;
      result.stopReason ??= verdict.stopReason;
    }
    if (verdict.systemMessage !== null) result.systemMessages.push(verdict.systemMessage);
    if (verdict.additionalContext !== null)
      result.additionalContext.push(verdict.additionalContext);
    if (verdict.updatedInput !== undefined && result.updatedInput === null) {
      result.updatedInput = verdict.updatedInput;
    }
    if (verdict.eventOutput !== undefined && Object.keys(verdict.eventOutput).length > 0) {
      result.eventOutput = mergeEventOutput(result.eventOutput, verdict.eventOutput);
    }
    // Exported variables merge in configuration order: a later handler's value wins.
    if (verdict.environment !== undefined) {
      result.environment = { ...result.environment, ...verdict.environment };
    }
    const rank = verdict.decision === null ? 0 : (precedence[verdict.decision] ?? 0);
    if (rank > strongest) {
      strongest = rank;
      result.decision = verdict.decision;
      result.reason = verdict.reason;
    } else if (rank === strongest && rank > 0) {
      result.reason ??= verdict.reason;
    }
  }
  return result;
}
