import { createShimVerdict } from "./create-shim-verdict.js";
import type { ShimVerdict } from "./shim-types.js";

/** Decisions from the strongest to the weakest: one refusal refuses the whole call. */
const decisionRank = { deny: 4, block: 3, ask: 2, allow: 1 } as const;

/**
 * One verdict for a call the hook saw in parts (one Codex `apply_patch` as a Write or Edit per
 * file): a failure of any part fails the whole; otherwise the strongest decision wins (deny, then
 * block, then ask), an allow holds only when every part allowed, and reasons, messages, context
 * and problems are gathered without repeats. A rewrite of one part cannot be put back into the
 * whole call, so it denies the call rather than run it unchanged.
 *
 * @example
 * ```ts
 * combineShimVerdicts([createShimVerdict({ decision: "allow" }), createShimVerdict({ decision: "deny", reason: "no .env" })]);
 * // { decision: "deny", reason: "no .env", … }
 * ```
 */
export function combineShimVerdicts(verdicts: readonly ShimVerdict[]): ShimVerdict {
  const [only] = verdicts;
  if (verdicts.length === 1 && only !== undefined) return only;
  const gather = (values: readonly (string | null)[]) => [
    ...new Set(values.filter((value): value is string => value !== null && value !== "")),
  ];
  const failures = gather(verdicts.map((verdict) => verdict.failure));
  const combined = createShimVerdict({
    additionalContext: gather(verdicts.flatMap((verdict) => verdict.additionalContext)),
    problems: gather(verdicts.flatMap((verdict) => verdict.problems)),
    continue: verdicts.every((verdict) => verdict.continue),
    stopReason: gather(verdicts.map((verdict) => verdict.stopReason))[0] ?? null,
  });
  const messages = gather(verdicts.map((verdict) => verdict.userMessage));
  if (messages.length > 0) combined.userMessage = messages.join("\n");
  if (failures.length > 0) return { ...combined, failure: failures.join("; ") };
  const strongest = Math.max(
    0,
    ...verdicts.map((verdict) => (verdict.decision === null ? 0 : decisionRank[verdict.decision])),
  );
  const decision =
    (Object.keys(decisionRank) as (keyof typeof decisionRank)[]).find(
      (name) => decisionRank[name] === strongest,
    ) ?? null;
  const rewrote = verdicts.some((verdict) => verdict.updatedInput !== null);
  if (rewrote && decision !== "deny") {
    return {
      ...combined,
      decision: "deny",
      reason:
        "The hook rewrote the input of one part of a call it saw in parts, which cannot be put back into the call, so the call is denied rather than run unchanged",
    };
  }
  if (decision === "allow" && verdicts.some((verdict) => verdict.decision !== "allow")) {
    return combined;
  }
  const reasons = gather(
    verdicts.filter((verdict) => verdict.decision === decision).map((verdict) => verdict.reason),
  );
  return { ...combined, decision, reason: reasons.length === 0 ? null : reasons.join("; ") };
}
