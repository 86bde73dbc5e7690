/** The placeholder a `prompt` or `agent` handler's prompt may name for the event JSON. */
export const argumentsPlaceholder = "$ARGUMENTS";

/**
 * Builds the text a model hook sends: every `$ARGUMENTS` in the prompt replaced by the event
 * JSON, or, when the prompt names none, the JSON appended after a blank line.
 *
 * @example
 * ```ts
 * buildModelPrompt("Is this safe? $ARGUMENTS", '{"tool_name":"Bash"}');
 * // 'Is this safe? {"tool_name":"Bash"}'
 * buildModelPrompt("Is this safe?", "{}"); // "Is this safe?\n\n{}"
 * ```
 */
export function buildModelPrompt(prompt: string, input: string): string {
  if (!prompt.includes(argumentsPlaceholder)) return `${prompt}\n\n${input}`;
  // split/join, not replace: a `$&` or `$1` in the JSON must stay literal.
  return prompt.split(argumentsPlaceholder).join(input);
}
