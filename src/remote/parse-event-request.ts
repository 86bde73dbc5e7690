import { z } from "zod";
import { suggestName } from "../config/suggest-name.js";
import type { Profile } from "../profiles/profile.js";
import { describeZodError } from "./json-rpc-message.js";

/** A request about one event that passed validation: an event of the profile, an object payload. */
export interface EventRequest<Options> {
  event: string;
  payload: Record<string, unknown>;
  options: Options;
}

/** Parsed options with every field left out that was not given (never set to undefined). */
export type GivenOptions<Options> = { [Key in keyof Options]?: Exclude<Options[Key], undefined> };

/**
 * Validates `{ event, payload?, options? }` params against the serving engine's profile: the event
 * must be one of its own, the payload an object, the options exactly what `optionsSchema` allows;
 * a refusal comes back as a message for the JSON-RPC error.
 */
export function parseEventRequest<Options extends object>(
  params: unknown,
  profile: Profile,
  optionsSchema: z.ZodType<Options>,
): { ok: true; request: EventRequest<GivenOptions<Options>> } | { ok: false; message: string } {
  const schema = z.strictObject({
    event: z.string().refine((event) => Object.hasOwn(profile.events, event), {
      error: (issue) =>
        `${profile.title} has no event ${JSON.stringify(issue.input)}${typeof issue.input === "string" ? suggestName(issue.input, Object.keys(profile.events)) : ""} (events: ${Object.keys(profile.events).join(", ")})`,
    }),
    payload: z.record(z.string(), z.unknown()).optional(),
    options: optionsSchema.optional(),
  });
  const parsed = schema.safeParse(params);
  if (!parsed.success) return { ok: false, message: describeZodError(parsed.error) };
  const { event, payload = {}, options = {} } = parsed.data;
  const given = Object.fromEntries(
    Object.entries(options).filter(([, value]) => value !== undefined),
  ) as GivenOptions<Options>;
  return { ok: true, request: { event, payload, options: given } };
}
