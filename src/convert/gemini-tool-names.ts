/**
 * Gemini CLI's built-in tool names and the public (Claude Code) names matchers are converted
 * through, from `@google/gemini-cli-core` 0.61.0 `tools/definitions/base-declarations.ts`.
 */
export const geminiToolNames = {
  run_shell_command: "Bash",
  write_file: "Write",
  replace: "Edit",
  read_file: "Read",
  glob: "Glob",
  grep_search: "Grep",
  web_fetch: "WebFetch",
  google_web_search: "WebSearch",
  write_todos: "TodoWrite",
} as const satisfies Record<string, string>;

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
