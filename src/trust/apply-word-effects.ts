import { evaluateShellWord, readLiteralWord } from "../shell/evaluate-shell-word.js";
import type { ShellWord } from "../shell/shell-syntax.js";
import { flagWord, type ProgramFinding } from "./hook-finding.js";
import { readWordScope, type ScriptContext } from "./script-context.js";
import { forgetVariables, type ShellState } from "./shell-state.js";

/** The state after words expand, and what their expansion may run that is flagged. */
export interface WordEffects {
  state: ShellState;
  findings: ProgramFinding[];
}

/**
 * What expanding words does to the shell's variables: `${X:=…}` sets X when it is unset or empty,
 * and arithmetic (`$(( X = 1 ))`, `(( X++ ))`, `let`; `arithmetic` when the words are all
 * arithmetic) may set the variables it names; bash reads a name's value as arithmetic in turn,
 * where `a[$(cmd)]` runs a command, so a value not known there is flagged.
 *
 * @example
 * applyWordEffects(wordsOf("${X:=./a.sh}"), state, context, false).state.variables.get("X");
 * // → null (not known from here on)
 */
export function applyWordEffects(
  words: readonly ShellWord[],
  start: ShellState,
  context: ScriptContext,
  arithmetic: boolean,
): WordEffects {
  const findings: ProgramFinding[] = [];
  const state = expandWords(words, start, context, arithmetic, findings);
  return { state, findings };
}

function expandWords(
  words: readonly ShellWord[],
  start: ShellState,
  context: ScriptContext,
  arithmetic: boolean,
  findings: ProgramFinding[],
): ShellState {
  let state = arithmetic ? evaluateArithmetic(words, start, context, findings) : start;
  for (const word of words) {
    for (const part of word.parts) {
      if (part.kind !== "expansion") continue;
      for (const name of part.assigns ?? []) {
        const value = state.variablesUnknown ? null : state.variables.get(name);
        if (name === "") state = forgetVariables(state, "all");
        else if (value === null || value === undefined || value === "")
          state = forgetVariables(state, new Set([name]));
      }
      if (part.arithmetic !== undefined)
        state = evaluateArithmetic(part.arithmetic, state, context, findings);
    }
  }
  return state;
}

// Arithmetic may set the variables it names; a `$X` in it is read as arithmetic in turn, and
// bash reads a name's value as arithmetic too (where `a[$(cmd)]` runs a command).
function evaluateArithmetic(
  operands: readonly ShellWord[],
  start: ShellState,
  context: ScriptContext,
  findings: ProgramFinding[],
): ShellState {
  let state = start;
  const bash = context.dialect === "bash";
  for (const word of operands) {
    const name = readLiteralWord(word);
    if (name !== null && /^[A-Za-z_]\w*$/.test(name)) {
      const value = state.variablesUnknown ? null : state.variables.get(name);
      if (bash && !isArithmeticNumber(value)) {
        findings.push(
          flagWord(
            word.source,
            `bash evaluates the value of ${name} as arithmetic, and it is not known: it may set variables and run commands`,
          ),
        );
        state = forgetVariables(state, "all");
      }
      state = forgetVariables(state, new Set([name]));
      continue;
    }
    if (!word.parts.some((part) => part.kind === "variable")) continue;
    const value = evaluateShellWord(word, readWordScope(state, context));
    if (value.known && isArithmeticNumber(value.text)) continue;
    if (bash)
      findings.push(
        flagWord(
          word.source,
          `arithmetic on ${word.source}, whose value is not known: it may set variables and run commands`,
        ),
      );
    state = forgetVariables(state, "all");
  }
  return expandWords(operands, state, context, false, findings);
}

// A value arithmetic reads as a number, not as an expression: empty, decimal, 0x…, base#digits.
function isArithmeticNumber(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  return /^\s*[-+]?(?:0[xX][0-9a-fA-F]+|\d+(?:#[0-9A-Za-z@_]+)?)?\s*$/.test(value);
}
