import { readLiteralWord } from "../shell/evaluate-shell-word.js";
import type { ShellStatement } from "../shell/shell-syntax.js";
import { forgetVariables, markVolatile, type ShellState } from "./shell-state.js";

type Declaration = Extract<NonNullable<ShellStatement["command"]>, { kind: "declare" }>;

/**
 * The state after `declare`, `local`, `readonly`, `export` (…) once its assignments are made
 * (`assigned`): a nameref (`-n`) or an option not known may set anything; `local` outside a
 * function fails; `readonly` and attributes (`-i`, `-u`, `-l`, …) make later assignments fail or
 * change what they store, so the names they touch are not known from then on.
 *
 * @example
 * applyDeclaration(declarationOf("readonly X=1"), assigned).volatile.has("X"); // → true
 */
export function applyDeclaration(command: Declaration, assigned: ShellState): ShellState {
  const options = command.words.map(readLiteralWord);
  const names = command.assignments.map((assignment) => assignment.name);
  const named = options.filter(
    (text): text is string => text !== null && /^[A-Za-z_]\w*$/.test(text),
  );
  const flags = options
    .filter((text): text is string => text !== null && /^[-+]/.test(text))
    .join("")
    .replace(/[-+]/g, "");
  if (options.includes(null) || (command.variant !== "export" && flags.includes("n")))
    return forgetVariables(assigned, "all");
  if (command.variant === "local") return forgetVariables(assigned, new Set(names));
  const attributes = command.variant === "readonly" || /[^xgpfF]/.test(flags);
  return attributes ? markVolatile(assigned, new Set([...names, ...named])) : assigned;
}
