/**
 * Writes each `$NAME` of `names` in a command as `${NAME}`, which a host that replaces `$NAME` in
 * the command text (Gemini CLI) leaves to the shell: the shell reads both alike, so the command
 * keeps the meaning it had where the variable is set in the environment (Claude Code). A longer
 * name (`$NAME_2`) is left as written. Inside single quotes or after a backslash the text changes
 * from `$NAME` to `${NAME}`, where the host would have put a quoted path in its place anyway.
 *
 * @example
 * ```ts
 * braceSubstitutedVariables('"$CLAUDE_PROJECT_DIR"/guard.sh', ["CLAUDE_PROJECT_DIR"]);
 * // '"${CLAUDE_PROJECT_DIR}"/guard.sh'
 * ```
 */
export function braceSubstitutedVariables(command: string, names: readonly string[]): string {
  if (names.length === 0) return command;
  const pattern = new RegExp(`\\$(${names.join("|")})(?![A-Za-z0-9_])`, "g");
  return command.replace(pattern, (_match, name: string) => `\${${name}}`);
}
