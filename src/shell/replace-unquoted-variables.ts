import { quoteShellWord } from "./quote-shell-word.js";

/** Where the scan of a command string stands: outside double quotes, or inside them. */
type ScanContext = { kind: "plain"; closer: ")" | "`" | null; depth: number } | { kind: "double" };

const nameStart = /[A-Za-z_]/;
const nameCharacter = /[A-Za-z0-9_]/;

/**
 * A command string with each `$NAME` of `values` that the shell would expand unquoted (outside
 * single and double quotes, not after a backslash; inside a `$(…)` or backquoted command that is
 * itself quoted too) written as its value quoted by `quoteShellWord`, so it stays one literal word
 * whatever the value holds. A quoted `"$NAME"`, `${NAME}` and a longer name (`$NAME_2`) are left as
 * they are, for the shell to expand. A here-document's body is read as any other text.
 *
 * @example
 * ```ts
 * replaceUnquotedVariables('$DIR/hook.sh "$DIR/x"', { DIR: "/my project" });
 * // '/my project'/hook.sh "$DIR/x"
 * ```
 */
export function replaceUnquotedVariables(
  command: string,
  values: Readonly<Record<string, string>>,
): string {
  if (!command.includes("$")) return command;
  const stack: ScanContext[] = [{ kind: "plain", closer: null, depth: 0 }];
  let output = "";
  let index = 0;
  while (index < command.length) {
    const context = stack.at(-1) ?? { kind: "plain", closer: null, depth: 0 };
    const character = command.charAt(index);
    const next = command.charAt(index + 1);
    let length = 1;
    let text: string | null = null;
    if (character === "\\") {
      length = 2;
    } else if (character === "$" && next === "(") {
      stack.push({ kind: "plain", closer: ")", depth: 0 });
      length = 2;
    } else if (character === "`") {
      if (context.kind === "plain" && context.closer === "`") stack.pop();
      else stack.push({ kind: "plain", closer: "`", depth: 0 });
    } else if (context.kind === "double") {
      if (character === '"') stack.pop();
    } else if (character === '"') {
      stack.push({ kind: "double" });
    } else if (character === "'") {
      const close = command.indexOf("'", index + 1);
      length = (close === -1 ? command.length : close + 1) - index;
    } else if (character === "(" && context.closer === ")") {
      context.depth += 1;
    } else if (character === ")" && context.closer === ")") {
      if (context.depth === 0) stack.pop();
      else context.depth -= 1;
    } else if (character === "$" && nameStart.test(next)) {
      length = readNameLength(command, index + 1) + 1;
      const name = command.slice(index + 1, index + length);
      const value = Object.hasOwn(values, name) ? values[name] : undefined;
      if (value !== undefined) text = quoteShellWord(value);
    }
    output += text ?? command.slice(index, index + length);
    index += length;
  }
  return output;
}

function readNameLength(command: string, start: number): number {
  let end = start;
  while (end < command.length && nameCharacter.test(command.charAt(end))) end += 1;
  return end - start;
}
