import { quoteShellWord } from "../shell/quote-shell-word.js";

/**
 * A command string with each `$NAME` of `names` replaced, name by name in that order, by `value`
 * quoted for the shell, everywhere in the text: what Gemini CLI 0.61.0's hook runner does to the
 * project directory's variables before its shell runs the command (`HookRunner.expandCommand`).
 * Like it, a quoted `"$NAME"` is replaced too, `${NAME}` is not, and `$NAME_2` loses its `$NAME`.
 *
 * @example
 * ```ts
 * writeCommandVariables("$GEMINI_PROJECT_DIR/hook.sh", ["GEMINI_PROJECT_DIR"], "/my project");
 * // "'/my project'/hook.sh"
 * ```
 */
export function writeCommandVariables(
  command: string,
  names: readonly string[],
  value: string,
): string {
  const quoted = quoteShellWord(value);
  let written = command;
  for (const name of names) written = written.replaceAll(`$${name}`, () => quoted);
  return written;
}
