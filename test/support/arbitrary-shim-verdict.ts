import fc from "fast-check";
import type { ShimVerdict } from "../../src/shim/shim-types.js";

const maybeString = fc.option(fc.string(), { nil: null });

/** Any verdict a hook's output may be read as: every decision, with or without a failure. */
export const arbitraryShimVerdict: fc.Arbitrary<ShimVerdict> = fc.record({
  decision: fc.constantFrom("allow", "deny", "ask", "block", null),
  reason: maybeString,
  userMessage: maybeString,
  additionalContext: fc.array(fc.string(), { maxLength: 2 }),
  continue: fc.boolean(),
  stopReason: maybeString,
  updatedInput: fc.option(fc.dictionary(fc.string(), fc.jsonValue()), { nil: null }),
  problems: fc.array(fc.string(), { maxLength: 2 }),
  failure: maybeString,
});
