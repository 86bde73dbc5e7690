import type { Diagnostic } from "../diagnostic.js";
import { type AggregatedVerdict, createUndecidedVerdict } from "./aggregate-verdicts.js";
import type { DispatchResult, RunSummary } from "./dispatch-result-schema.js";

export type {
  Decision,
  DispatchResult,
  RunStatus,
  RunSummary,
} from "./dispatch-result-schema.js";

/** A result in which nothing ran and nothing was decided, carrying the diagnostics that say why. */
export function createEmptyDispatchResult(
  event: string,
  diagnostics: Diagnostic[],
): DispatchResult {
  return { event, ...createUndecidedVerdict(), runs: [], diagnostics };
}

/** A dispatch's result: the ruled verdict, the runs in configuration order, the diagnostics. */
export function createDispatchResult(
  event: string,
  ruled: AggregatedVerdict,
  runs: RunSummary[],
  diagnostics: Diagnostic[],
): DispatchResult {
  // Written out, not spread: this runs on every dispatch.
  return {
    event,
    decision: ruled.decision,
    reason: ruled.reason,
    continue: ruled.continue,
    stopReason: ruled.stopReason,
    systemMessages: ruled.systemMessages,
    additionalContext: ruled.additionalContext,
    updatedInput: ruled.updatedInput,
    ...(ruled.environment !== undefined && { environment: ruled.environment }),
    ...(ruled.eventOutput !== undefined && { eventOutput: ruled.eventOutput }),
    runs,
    diagnostics,
  };
}
