import { z } from "zod";
import type { ExplainOptions } from "../explain/explain-hooks.js";
import type { Profile } from "../profiles/profile.js";
import { type EventRequest, parseEventRequest } from "./parse-event-request.js";

/** A `hooks/explain` request that passed validation: an event of the profile, an object payload. */
export type ExplainRequest = EventRequest<ExplainOptions>;

// Explain runs nothing, but reads the same configuration: a request may only say which event
// it asks about, never where the configuration is. Unknown keys are refused, not dropped.
const optionsSchema = z.strictObject({
  asSubagent: z.boolean().optional(),
});

/**
 * Validates the params of a `hooks/explain` request against the serving engine's profile; a
 * refusal comes back as a message for the JSON-RPC error.
 */
export function parseExplainRequest(
  params: unknown,
  profile: Profile,
): { ok: true; request: ExplainRequest } | { ok: false; message: string } {
  return parseEventRequest(params, profile, optionsSchema);
}
