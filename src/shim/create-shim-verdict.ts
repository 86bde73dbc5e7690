import type { ShimVerdict } from "./shim-types.js";

/**
 * A verdict that decides nothing, with the given fields set.
 *
 * @example
 * ```ts
 * createShimVerdict({ failure: "timed out" }).decision; // null
 * ```
 */
export function createShimVerdict(fields: Partial<ShimVerdict> = {}): ShimVerdict {
  return {
    decision: null,
    reason: null,
    userMessage: null,
    additionalContext: [],
    continue: true,
    stopReason: null,
    updatedInput: null,
    problems: [],
    failure: null,
    ...fields,
  };
}
