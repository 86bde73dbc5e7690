import { createRequire } from "node:module";
import type { z as Zod } from "zod";

let zod: typeof Zod | undefined;

/**
 * zod, loaded on first use (its CommonJS build, synchronously). Loading it takes longer than
 * the rest of a cold start, and valid configuration never needs it: readers check plainly
 * valid fields themselves and turn to zod only to describe what is wrong.
 */
export function requireZod(): typeof Zod {
  zod ??= (createRequire(import.meta.url)("zod") as { z: typeof Zod }).z;
  return zod;
}
