import { z } from "zod";
import type { DispatchOptions } from "../engine/engine.js";
import type { Profile } from "../profiles/profile.js";
import { type EventRequest, parseEventRequest } from "./parse-event-request.js";

/** A `hooks/dispatch` request that passed validation: an event of the profile, an object payload. */
export type DispatchRequest = EventRequest<DispatchOptions>;

// The only dispatch options a remote side may set: facts about the call, never configuration,
// environment, trust or a function. Unknown keys are refused, not dropped.
const optionsSchema = z.strictObject({
  asSubagent: z.boolean().optional(),
  toolInputSchema: z.union([z.record(z.string(), z.unknown()), z.boolean()]).optional(),
});

/**
 * Validates the params of a `hooks/dispatch` request against the serving engine's profile; a
 * refusal comes back as a message for the JSON-RPC error.
 */
export function parseDispatchRequest(
  params: unknown,
  profile: Profile,
): { ok: true; request: DispatchRequest } | { ok: false; message: string } {
  return parseEventRequest(params, profile, optionsSchema);
}
