import { geminiProfile } from "../profiles/gemini.js";

/**
 * Gemini CLI's built-in tool names and the public (Claude Code) names matchers are converted
 * through: the profile's `canonicalToolNames` (`@google/gemini-cli-core` 0.61.0
 * `tools/definitions/base-declarations.ts`).
 */
export const geminiToolNames: Readonly<Record<string, string>> = geminiProfile.canonicalToolNames;

const geminiNameByPublicName: ReadonlyMap<string, string> = new Map(
  Object.entries(geminiToolNames).map(([gemini, publicName]) => [publicName, gemini]),
);

/**
 * The Gemini CLI name of a public tool name (`Bash` → `run_shell_command`); other names stay.
 *
 * @example
 * ```ts
 * translateToolNameToGemini("Edit"); // "replace"
 * ```
 */
export function translateToolNameToGemini(name: string): string {
  return geminiNameByPublicName.get(name) ?? name;
}
