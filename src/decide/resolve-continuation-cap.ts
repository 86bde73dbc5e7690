import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import type { Profile } from "../profiles/profile.js";

/** The continuation cap an engine applies, and a warning when its variable could not be read. */
export interface ContinuationCap {
  /** Consecutive Stop continuations allowed per session, or null for no cap. */
  cap: number | null;
  diagnostic: Diagnostic | null;
}

/**
 * The profile's continuation cap, or the one its `continuationCapVariable` sets in `env`: a
 * non-negative integer, `0` for no cap. Any other value keeps the profile's cap, with a warning.
 *
 * @example
 * ```ts
 * resolveContinuationCap(claudeProfile, { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "3" }); // { cap: 3, … }
 * ```
 */
export function resolveContinuationCap(
  profile: Pick<Profile, "continuationCap" | "continuationCapVariable">,
  env: Readonly<Record<string, string | undefined>>,
): ContinuationCap {
  const variable = profile.continuationCapVariable;
  const value = variable === undefined ? undefined : env[variable]?.trim();
  if (value === undefined || value === "")
    return { cap: profile.continuationCap, diagnostic: null };
  if (/^\d+$/.test(value) && Number.isSafeInteger(Number(value))) {
    const cap = Number(value);
    return { cap: cap === 0 ? null : cap, diagnostic: null };
  }
  const kept =
    profile.continuationCap === null ? "no cap" : `the cap of ${profile.continuationCap}`;
  return {
    cap: profile.continuationCap,
    diagnostic: createDiagnostic(
      "continuation_cap",
      "warning",
      `${variable}=${JSON.stringify(value)} is not a non-negative integer (0 turns the cap off); ${kept} applies`,
    ),
  };
}
