import path from "node:path";
import type { ShellStatement } from "../shell/shell-syntax.js";
import { type ScriptAnalysisContext, ShellScriptAnalysis } from "./analyze-shell-script.js";

/** A file a hook's command certainly runs, so a missing one means the hook cannot work. */
export interface RequiredScript {
  /** Absolute path of the file. */
  file: string;
  /** True for a program run by its path (it must be executable); false for a script given to an interpreter. */
  executable: boolean;
}

/**
 * The files a hook's first command certainly runs: its program when given by path (`./guard.sh`,
 * `"$CLAUDE_PROJECT_DIR"/hooks/x.sh`), or else the one script its interpreter is given
 * (`python3 x.py`). The first command of the first statement runs whatever follows it (the left
 * of `&&`, `||` and `|`); a command after it may not, and a file that is one of several
 * candidates (after a `cd`, an option read two ways, a module, a task file) is never required.
 * Nothing is required when a word of that command cannot be known before the shell runs.
 */
export function findRequiredScripts(
  command: readonly ShellStatement[] | readonly string[],
  context: ScriptAnalysisContext,
  variables: ReadonlyMap<string, string>,
): RequiredScript[] {
  const analysis = new ShellScriptAnalysis(context);
  const state = analysis.initialState(variables);
  let words: string[];
  if (isArgv(command)) {
    words = [...command];
    analysis.analyzeArgv(words, state);
  } else {
    const first = command[0];
    const call = first === undefined ? null : findLeadingCall(first);
    if (call === null) return [];
    const evaluated = call.words.map((word) => analysis.evaluate(word, state).value);
    if (!evaluated.every((value) => value.known)) return [];
    words = evaluated.map((value) => (value.known ? value.text : ""));
    analysis.walkCall(call.assignments, call.words, [], state, false, 0);
  }
  const program = words[0];
  // A file only read as data (`python3 x.py < in.json`) leaves the program certain.
  const unknown = analysis.notHashed.some((entry) => entry.role !== "data");
  if (program === undefined || unknown) return [];
  const resolve = (text: string) => path.resolve(context.cwd, text);
  // Paths a lookup only looked at (`x.js` for `node x`, a package.json) are not scripts.
  const scripts = analysis.files.filter((file) => !analysis.observed.has(file));
  const first = scripts[0];
  if (program.includes("/") && first === resolve(program))
    return [{ file: first, executable: true }];
  const named = new Set(words.slice(1).map(resolve));
  return scripts.length === 1 && first !== undefined && named.has(first)
    ? [{ file: first, executable: false }]
    : [];
}

function isArgv(
  command: readonly ShellStatement[] | readonly string[],
): command is readonly string[] {
  return command.length > 0 && typeof command[0] === "string";
}

// The simple command that runs first in a statement, or null when it is a compound command.
function findLeadingCall(
  statement: ShellStatement,
): Extract<NonNullable<ShellStatement["command"]>, { kind: "call" }> | null {
  const command = statement.command;
  if (command === null) return null;
  switch (command.kind) {
    case "call":
      return command;
    case "and":
    case "or":
    case "pipe":
      return findLeadingCall(command.left);
    case "time":
      return command.statement === null ? null : findLeadingCall(command.statement);
    default:
      return null;
  }
}
