import { suggestName } from "../config/suggest-name.js";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { findEventSpec } from "../profiles/find-event-spec.js";
import type { EventSpec, Profile } from "../profiles/profile.js";

/** What the refused request would have done, for the engine-closed message. */
export type RequestAction = "dispatched" | "explained";

/** A request answered without any hook: the diagnostic saying why. */
export interface RequestRefusal {
  refusal: Diagnostic;
}

/**
 * Checks a dispatch or explanation of `event` before any hook is looked at: the event's spec, or
 * the refusal (an unknown event, a closed engine, a payload that is not an object, in that order).
 */
export function checkRequest(
  profile: Profile,
  event: string,
  payload: unknown,
  closed: boolean,
  action: RequestAction,
): EventSpec | RequestRefusal {
  const spec = findEventSpec(profile, event);
  if (spec === undefined) return { refusal: createUnknownEventDiagnostic(profile, event) };
  if (closed) {
    return {
      refusal: createDiagnostic(
        "engine_closed",
        "error",
        `The engine is closed; ${event} was not ${action}`,
      ),
    };
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    return {
      refusal: createDiagnostic(
        "invalid_payload",
        "error",
        `The ${event} payload must be a JSON object`,
      ),
    };
  }
  return spec;
}

/** The refusal of a request about an event the profile does not have, listing the ones it has. */
export function createUnknownEventDiagnostic(profile: Profile, event: string): Diagnostic {
  const known = Object.keys(profile.events);
  return createDiagnostic(
    "unknown_event",
    "error",
    `${profile.title} has no event "${event}"${suggestName(event, known)} (events: ${known.join(", ")})`,
  );
}
