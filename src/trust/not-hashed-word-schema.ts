import type { z as Zod } from "zod";

/**
 * The zod schema of a `NotHashedWord` (see hook-finding.ts), built with the caller's `z` so a
 * caller that loads zod lazily keeps doing so.
 */
export function createNotHashedWordSchema(z: typeof Zod) {
  return z.object({
    word: z.string(),
    reason: z.string(),
    file: z.string().exactOptional(),
    role: z.enum(["code", "data"]).exactOptional(),
  });
}
