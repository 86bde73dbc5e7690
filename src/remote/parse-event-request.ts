import { z } from "zod";
import type { Profile } from "../profiles/profile.js";
import { describeZodError } from "./json-rpc-message.js";

/** The params every request about an event carries, validated; options still in wire form. */
export type EventRequestParams<Options> =
  | { ok: true; event: string; payload: Record<string, unknown>; options: Options }
  | { ok: false; message: string };

/**
 * Validates `{ event, payload?, options? }` params against the serving engine's profile: the event
 * must be one of its own, the payload an object, the options exactly what `optionsSchema` allows.
 */
export function parseEventRequest<Options extends object>(
  params: unknown,
  profile: Profile,
  optionsSchema: z.ZodType<Options>,
): EventRequestParams<Partial<Options>> {
  const schema = z.strictObject({
    event: z.string().refine((event) => Object.hasOwn(profile.events, event), {
      error: (issue) =>
        `${profile.title} has no event ${JSON.stringify(issue.input)} (events: ${Object.keys(profile.events).join(", ")})`,
    }),
    payload: z.record(z.string(), z.unknown()).optional(),
    options: optionsSchema.optional(),
  });
  const parsed = schema.safeParse(params);
  if (!parsed.success) return { ok: false, message: describeZodError(parsed.error) };
  const { event, payload = {}, options = {} } = parsed.data;
  return { ok: true, event, payload, options };
}
