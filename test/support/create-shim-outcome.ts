import type { ShimRunOutcome } from "../../src/shim/shim-types.js";

/**
 * The outcome of a hook run as the shim reads it, for a test: exit code 0, no output, nothing
 * cut; `fields` override any of it.
 *
 * @example
 * ```ts
 * const outcome = createShimOutcome({ stdout: '{"permission":"deny"}' });
 * ```
 */
export function createShimOutcome(fields: Partial<ShimRunOutcome> = {}): ShimRunOutcome {
  return {
    exitCode: 0,
    stdout: "",
    stderr: "",
    timedOut: false,
    truncated: false,
    spawnError: null,
    ...fields,
  };
}
