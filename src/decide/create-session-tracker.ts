import type { EventSpec, Profile } from "../profiles/profile.js";
import { aggregateVerdicts } from "./aggregate-verdicts.js";
import {
  applySessionRules,
  beginSessionEvent,
  newSessionState,
  readHostStopHookActive,
  type SessionRuling,
  type SessionState,
} from "./apply-session-rules.js";
import type { HandlerVerdict } from "./handler-verdict.js";

/** An engine's sessions: each one's continuation count, kept across its dispatches. */
export interface SessionTracker {
  /**
   * Starts an event of the payload's session (a reset where the event resets continuations) and
   * fills in `stop_hook_active` where the event counts them; returns the session id.
   */
  begin(spec: EventSpec, payload: Record<string, unknown>): string;
  /** Combines the event's verdicts in configuration order and applies the session's rules. */
  rule(
    verdicts: readonly HandlerVerdict[],
    event: string,
    spec: EventSpec,
    session: string,
  ): SessionRuling["result"];
}

/**
 * Creates the session state of one engine: the pure rules of `applySessionRules` and
 * `beginSessionEvent`, applied to a map of sessions by id.
 *
 * @example
 * ```ts
 * const sessions = createSessionTracker(profile, continuation.cap);
 * const session = sessions.begin(spec, payload);
 * const ruled = sessions.rule(verdicts, "Stop", spec, session);
 * ```
 */
export function createSessionTracker(
  profile: Profile,
  continuationCap: number | null,
): SessionTracker {
  const rules = { ...profile, continuationCap };
  const sessions = new Map<string, SessionState>();
  // Sessions in which the engine has counted continuations itself (a Stop-like or resetting event).
  const tracked = new Set<string>();
  return {
    begin(spec, payload) {
      const session = String(payload.session_id);
      const begun = beginSessionEvent(
        spec,
        sessions.get(session) ?? newSessionState,
        readHostStopHookActive(profile, payload, tracked.has(session)),
      );
      sessions.set(session, begun.state);
      if (spec.countsContinuations || spec.resetsContinuations) tracked.add(session);
      if (begun.stopHookActive !== undefined) payload.stop_hook_active = begun.stopHookActive;
      return session;
    },
    rule(verdicts, event, spec, session) {
      const ruling = applySessionRules(
        aggregateVerdicts(verdicts, spec.decisionKind),
        event,
        spec,
        rules,
        sessions.get(session) ?? newSessionState,
      );
      sessions.set(session, ruling.state);
      return ruling.result;
    },
  };
}
