import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { EventSpec, Profile } from "../profiles/profile.js";
import type { AggregatedVerdict } from "./aggregate-verdicts.js";
import type { Decision } from "./dispatch-result.js";

/** What a session remembers between dispatches: consecutive Stop-like continuations. */
export interface SessionState {
  readonly continuations: number;
}

/** A fresh session's state. */
export const newSessionState: SessionState = Object.freeze({ continuations: 0 });

/** The combined outcome of one dispatch after the session's rules, and the session's next state. */
export interface SessionRuling {
  result: AggregatedVerdict & { diagnostics: Diagnostic[] };
  state: SessionState;
}

/**
 * Applies the rules that span handlers and dispatches to an event's aggregated verdict:
 * `continue: false` overrides any decision (except where the event keeps it), a profile's
 * continuation cap ends a turn that hooks keep blocking, and a rewritten input only goes with a
 * call that may still run.
 *
 * @example
 * ```ts
 * const { result, state } = applySessionRules(aggregated, "Stop", spec, profile, session);
 * ```
 */
export function applySessionRules(
  aggregated: AggregatedVerdict,
  event: string,
  spec: EventSpec,
  profile: Pick<Profile, "continuationCap" | "title" | "updatedInputWithoutDecision">,
  state: SessionState,
): SessionRuling {
  const diagnostics: Diagnostic[] = [];
  let { decision, reason } = aggregated;
  if (!aggregated.continue && decision !== null && spec.continueKeepsDecision !== true) {
    diagnostics.push(
      createDiagnostic(
        "decision_overridden",
        "info",
        `A ${event} hook returned continue: false, which takes precedence over the "${decision}" decision`,
      ),
    );
    decision = null;
    reason = null;
  }
  let next = state;
  if (spec.countsContinuations) {
    const cap = profile.continuationCap;
    if (decision === "block" && cap !== null && state.continuations >= cap) {
      diagnostics.push(
        createDiagnostic(
          "continuation_cap",
          "warning",
          `${event} hooks asked to keep the turn going ${cap + 1} times in a row; ${profile.title} allows ${cap} consecutive continuations, so the turn ends`,
        ),
      );
      decision = null;
      reason = null;
    }
    next = { continuations: decision === "block" ? state.continuations + 1 : 0 };
  }
  return {
    // Written out, not spread: this runs on every dispatch.
    result: {
      decision,
      reason,
      continue: aggregated.continue,
      stopReason: aggregated.stopReason,
      systemMessages: aggregated.systemMessages,
      additionalContext: aggregated.additionalContext,
      updatedInput: keepsRewrite(decision, profile) ? aggregated.updatedInput : null,
      ...(aggregated.environment !== undefined && { environment: aggregated.environment }),
      ...(aggregated.eventOutput !== undefined && { eventOutput: aggregated.eventOutput }),
      diagnostics,
    },
    state: next,
  };
}

// A rewrite goes with allow or ask, or with no decision where the profile applies one alone.
function keepsRewrite(
  decision: Decision | null,
  profile: Pick<Profile, "updatedInputWithoutDecision">,
): boolean {
  if (decision === null) return profile.updatedInputWithoutDecision === "apply";
  return decision === "allow" || decision === "ask";
}

/**
 * The session's state as an event starts, and the `stop_hook_active` its payload carries (absent
 * for events that do not count continuations): the host's value where one is given (the engine
 * has not tracked the session's continuations), else the engine's own count.
 */
export function beginSessionEvent(
  spec: Pick<EventSpec, "resetsContinuations" | "countsContinuations">,
  state: SessionState,
  hostStopHookActive?: boolean,
): { state: SessionState; stopHookActive: boolean | undefined } {
  const next = spec.resetsContinuations ? newSessionState : state;
  if (!spec.countsContinuations) return { state: next, stopHookActive: undefined };
  return { state: next, stopHookActive: hostStopHookActive ?? next.continuations > 0 };
}

/**
 * The host's `stop_hook_active` from an event's payload, where the profile passes it on and the
 * engine has not counted the session's continuations itself (`tracked`); else undefined.
 */
export function readHostStopHookActive(
  profile: Pick<Profile, "stopHookActiveSource">,
  payload: Readonly<Record<string, unknown>>,
  tracked: boolean,
): boolean | undefined {
  if (profile.stopHookActiveSource !== "host-until-tracked" || tracked) return undefined;
  const value = payload.stop_hook_active;
  return typeof value === "boolean" ? value : undefined;
}
