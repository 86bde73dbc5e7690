import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { Profile } from "../../profiles/profile.js";

/** What a PostToolUse block does to the tool's result: kept with the feedback beside it, or replaced by it. */
export type PostToolBlockEffect = "append" | "replace";

// ZeroCode replaces a blocked tool result with the hook's feedback; the other hosts keep the result
// and show the reason beside it.
const blockEffects: Readonly<Record<string, PostToolBlockEffect>> = { zerocode: "replace" };

/** The model-facing feedback of a PostToolUse dispatch. */
export interface ToolFeedback {
  /** `"block"` when a hook blocked the result, else null. */
  decision: "block" | null;
  reason: string | null;
  additionalContext: string[];
  /** Whether the tool's own result is withheld from the model (a block under the `replace` effect). */
  replacesOutput: boolean;
}

/** The block effect a profile gives PostToolUse: `replace` for ZeroCode, `append` otherwise. */
export function resolvePostToolBlockEffect(profile: Profile): PostToolBlockEffect {
  return blockEffects[profile.name] ?? "append";
}

/**
 * Reads a PostToolUse result as feedback for the model, or null when the hooks said nothing;
 * `effect` overrides the profile's block effect.
 */
export function readToolFeedback(
  result: DispatchResult,
  profile: Profile,
  effect: PostToolBlockEffect = resolvePostToolBlockEffect(profile),
): ToolFeedback | null {
  const blocked = result.decision === "block";
  if (!blocked && result.additionalContext.length === 0) return null;
  return {
    decision: blocked ? "block" : null,
    reason: blocked ? (result.reason ?? "A PostToolUse hook blocked this result") : null,
    additionalContext: [...result.additionalContext],
    replacesOutput: blocked && effect === "replace",
  };
}
