import type { z } from "zod";

/** An answer from the hook side that has the expected shape, or what is wrong with it. */
export type RemoteAnswer<VALUE> = { ok: true; value: VALUE } | { ok: false; message: string };

/**
 * Checks an answer from the hook side (untrusted JSON) against `schema`; a mismatch names the
 * shape and the first problem: `not a DispatchResult at runs.0.status: Invalid option`.
 */
export function parseRemoteAnswer<VALUE>(
  schema: z.ZodType<VALUE>,
  shapeName: string,
  value: unknown,
): RemoteAnswer<VALUE> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0];
  const where = first === undefined ? "" : ` at ${first.path.join(".") || "the top"}`;
  return { ok: false, message: `not a ${shapeName}${where}: ${first?.message ?? "invalid"}` };
}
