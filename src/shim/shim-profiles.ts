import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { Profile } from "../profiles/profile.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import type { ShimFormatName } from "./shim-types.js";

/**
 * The protocols with an engine profile, and the profile whose table reads and writes their hook
 * output: Codex shares ZeroCode's protocol (developers.openai.com/codex/hooks), so it reads
 * through the `zerocode` profile.
 */
export const shimProfiles = {
  claude: claudeProfile,
  codex: zerocodeProfile,
  deepagents: deepagentsProfile,
  zerocode: zerocodeProfile,
  vscode: vscodeProfile,
} as const satisfies Partial<Record<ShimFormatName, Profile>>;

/** A protocol whose hook output an engine profile describes. */
export type ProfileShimFormat = keyof typeof shimProfiles;

/**
 * Whether a protocol has an engine profile (its output is read by `interpretOutcome` and written
 * from the profile's field tables).
 *
 * @example
 * ```ts
 * isProfileShimFormat("vscode"); // true
 * isProfileShimFormat("cursor"); // false
 * ```
 */
export function isProfileShimFormat(format: ShimFormatName): format is ProfileShimFormat {
  return Object.hasOwn(shimProfiles, format);
}

/**
 * The profile of a protocol that has one.
 *
 * @example
 * ```ts
 * selectShimProfile("codex").name; // "zerocode"
 * ```
 */
export function selectShimProfile(format: ProfileShimFormat): Profile {
  return shimProfiles[format];
}
