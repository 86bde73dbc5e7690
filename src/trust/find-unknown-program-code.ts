import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { type ClassifiedCommand, isKnownProgram } from "./classify-command.js";
import type { CommandContext } from "./command-context.js";
import { flagWord } from "./hook-finding.js";
import type { CommandStep } from "./program-step.js";
import { literal } from "./read-command-option.js";

/**
 * What a bare program the tables do not know may run: a script in the directory where a wrapper
 * says so (`uv run hook.py`), any file on a PATH the command changes (flagged), or else every
 * operand that looks like a path (`./x`, `~/x`, `a.sh`, `--config=./x.toml`), listed as code not
 * hashed. A program given by path is hashed by `findProgramPathCode`.
 *
 * @example
 * findUnknownProgramCode(classifyCommand(words("mytool", "./a.sh")), context);
 * // → [operand ./a.sh: "a file given to mytool, a program not known to agent-hooks, …"]
 */
export function findUnknownProgramCode(
  command: ClassifiedCommand,
  context: CommandContext,
): CommandStep[] {
  const { words, text, name } = command;
  const program = words[0];
  if (program === undefined || text.includes("/")) return [];
  if (context.bareIsScript && /\.\w+$/.test(text)) return [{ kind: "code", word: program }];
  if (context.state.pathChanged) {
    const reason = "a program looked up on a PATH this command changes";
    return [{ kind: "finding", finding: flagWord(program.word.source, reason) }];
  }
  if (isKnownProgram(name)) return [];
  const reason = `a file given to ${name}, a program not known to agent-hooks, so it may run it`;
  return words.slice(1).flatMap((word): CommandStep[] => {
    const value = readPathValue(word);
    return value === null ? [] : [{ kind: "operand", word: value, reason }];
  });
}

// The path an operand or an option's value (`--config=./x.toml`) names, if it looks like one:
// it has a `/`, starts with `~` or `.`, or is a file name with an extension.
function readPathValue(word: EvaluatedWord): EvaluatedWord | null {
  if (!word.value.known) return null;
  let text = word.value.text;
  if (text.startsWith("-")) {
    const equals = text.indexOf("=");
    if (equals === -1) return null;
    text = text.slice(equals + 1);
  }
  const looksLikePath =
    !text.includes("://") &&
    (text.includes("/") ||
      /^[~.]/.test(text) ||
      /^[\w@+-][\w.@+-]*\.[A-Za-z][A-Za-z0-9]{0,7}$/.test(text));
  return looksLikePath && !/^\.+$/.test(text) ? literal(text, word.word.source) : null;
}
