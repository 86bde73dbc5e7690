import { z } from "zod";
import type { DispatchOptions } from "../engine.js";
import type { Profile } from "../profiles/profile.js";
import { describeZodError } from "./json-rpc-message.js";

/** A `hooks/dispatch` request that passed validation: an event of the profile, an object payload. */
export interface DispatchRequest {
  event: string;
  payload: Record<string, unknown>;
  options: DispatchOptions;
}

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
  const schema = z.strictObject({
    event: createEventSchema(profile),
    payload: z.record(z.string(), z.unknown()).optional(),
    options: optionsSchema.optional(),
  });
  const parsed = schema.safeParse(params);
  if (!parsed.success) return { ok: false, message: describeZodError(parsed.error) };
  const { event, payload = {}, options = {} } = parsed.data;
  return {
    ok: true,
    request: {
      event,
      payload,
      options: {
        ...(options.asSubagent !== undefined && { asSubagent: options.asSubagent }),
        ...(options.toolInputSchema !== undefined && { toolInputSchema: options.toolInputSchema }),
      },
    },
  };
}

/** The `event` param of a request: one of the profile's own events (not an inherited key). */
export function createEventSchema(profile: Profile) {
  return z.string().refine((event) => Object.hasOwn(profile.events, event), {
    error: (issue) =>
      `${profile.title} has no event ${JSON.stringify(issue.input)} (events: ${Object.keys(profile.events).join(", ")})`,
  });
}
