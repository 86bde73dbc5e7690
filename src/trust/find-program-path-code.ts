import { readShellBuiltin } from "../shell/shell-builtins.js";
import type { ClassifiedCommand } from "./classify-command.js";
import { isRunner } from "./classify-command.js";
import type { CommandContext } from "./command-context.js";
import { findConfiguredCode, isSystemProgram } from "./find-configured-code.js";
import { flagWord } from "./hook-finding.js";
import type { CommandStep } from "./program-step.js";

/**
 * What running a program does before its own operands are read: a program given by path is code
 * (whatever it is called, except a system interpreter or wrapper such as `/usr/bin/env`, whose
 * script is what matters), a bare one is flagged once the command may have changed PATH (a PATH
 * the hook is given is the one it runs with), and its own configuration's code is found.
 *
 * @example
 * findProgramPathCode(classifyCommand(words("./guard.sh")), context); // → [code ./guard.sh, program]
 */
export function findProgramPathCode(
  command: ClassifiedCommand,
  context: CommandContext,
): CommandStep[] {
  const { words, text, name } = command;
  const program = words[0];
  if (program === undefined) return [];
  const steps: CommandStep[] = [];
  const state = context.state;
  const byPath = text.includes("/");
  // After `.`/`source` (or a PATH assignment), a bare program may be any file on that PATH.
  const pathMoved = state.variablesUnknown || state.variables.get("PATH") !== context.initialPath;
  if (!byPath && pathMoved && readShellBuiltin(text) === null) {
    const reason = "a program looked up on a PATH this command changes";
    steps.push({ kind: "finding", finding: flagWord(program.word.source, reason) });
  }
  const systemRunner = isSystemProgram(text) && isRunner(name);
  if (byPath && !systemRunner) steps.push({ kind: "code", word: program, role: "program" });
  for (const finding of findConfiguredCode(name, text, words, context))
    steps.push({ kind: "finding", finding });
  return steps;
}
