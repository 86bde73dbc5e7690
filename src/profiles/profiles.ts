import { claudeProfile } from "./claude.js";
import { codexProfile } from "./codex.js";
import { copilotProfile } from "./copilot.js";
import { cursorProfile } from "./cursor.js";
import { deepagentsProfile } from "./deepagents.js";
import { geminiProfile } from "./gemini.js";
import type { Profile } from "./profile.js";
import { vscodeProfile } from "./vscode.js";
import { zerocodeProfile } from "./zerocode.js";

/** Every built-in profile, by name. */
export const profiles = {
  deepagents: deepagentsProfile,
  zerocode: zerocodeProfile,
  claude: claudeProfile,
  vscode: vscodeProfile,
  gemini: geminiProfile,
  codex: codexProfile,
  cursor: cursorProfile,
  copilot: copilotProfile,
} as const satisfies Record<string, Profile>;

/** The name of a built-in profile. */
export type ProfileName = keyof typeof profiles;

/** Looks up a built-in profile by name, or returns undefined. */
export function findProfile(name: string): Profile | undefined {
  return Object.hasOwn(profiles, name) ? profiles[name as ProfileName] : undefined;
}

/** A built-in profile by name, or the given profile object; an unknown name is programmer misuse. */
export function resolveProfile(profile: ProfileName | Profile): Profile {
  if (typeof profile !== "string") return profile;
  const found = findProfile(profile);
  if (found === undefined) {
    throw new Error(
      `Unknown profile "${profile}"; built-in profiles: ${Object.keys(profiles).join(", ")}`,
    );
  }
  return found;
}
