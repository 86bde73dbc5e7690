import { type ProfileName, profiles } from "../profiles/profiles.js";
import { createEventSchemas, type EventSchemas } from "./create-event-schemas.js";

type BuiltInEventSchemas = { [P in ProfileName]: EventSchemas<(typeof profiles)[P]> };

/**
 * The zod schemas of every configurable event of every built-in profile, derived from the profile
 * tables: `input` is the JSON a hook reads on stdin, `output` the JSON it may print (only fields
 * the event applies). The SDK's types and the JSON Schemas in `schemas/` are derived from them.
 *
 * @example
 * ```ts
 * const result = eventSchemas.claude.PreToolUse.input.safeParse(JSON.parse(stdin));
 * ```
 */
export const eventSchemas = Object.fromEntries(
  Object.entries(profiles).map(([name, profile]) => [name, createEventSchemas(profile)]),
) as BuiltInEventSchemas;
