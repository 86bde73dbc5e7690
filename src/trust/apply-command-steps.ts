import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { findDescriptorProgram } from "./find-descriptor-program.js";
import { findPreloadEntries, findScriptEntries } from "./find-interpreter-entries.js";
import { findOptionValueCode } from "./find-option-value-code.js";
import { findVariableCode } from "./find-variable-code.js";
import type { FindingRecorder } from "./finding-recorder.js";
import { flagWord } from "./hook-finding.js";
import { listFileWord } from "./list-file-word.js";
import type { CodeRole, CommandStep, ProgramStep } from "./program-step.js";
import { literal } from "./read-command-option.js";
import { readWordText } from "./read-word-text.js";
import { resolveCodeWord } from "./resolve-code-word.js";
import type { ScriptContext } from "./script-context.js";
import type { DescriptorSource } from "./shell-descriptors.js";
import {
  assignVariable,
  changeDirectory,
  type ShellOutcome,
  type ShellState,
  unchangedOutcome,
} from "./shell-state.js";

/** What applying a command's steps needs of the walker: its findings, its shell state, and its walks. */
export interface StepWalker {
  readonly recorder: FindingRecorder;
  readonly context: ScriptContext;
  /** The hook's environment's variables (exported to every child). */
  readonly environmentNames: ReadonlySet<string>;
  /** One simple command, from its program on (see `commandHandlers`); how it may leave the shell. */
  analyzeCommand(
    words: readonly EvaluatedWord[],
    state: ShellState,
    piped: boolean,
    depth: number,
    bareIsScript?: boolean,
  ): ShellOutcome;
  /** Shell code as text: parsed and walked in `state`; `isolated` when what it sets does not outlive it. */
  followShellText(
    code: string,
    label: string,
    state: ShellState,
    depth: number,
    isolated: boolean,
  ): ShellOutcome;
  /** Shell code given as a word (`sh -c '…'`), walked in a child shell of `state`. */
  followShellCode(code: EvaluatedWord, state: ShellState, depth: number): void;
  /** Walks code that runs later (a trap), from the state any later point may be in. */
  walkLater(state: ShellState, walk: (later: ShellState) => void): void;
  /** Every source a descriptor may read from at this point. */
  lookUpDescriptor(descriptor: string): DescriptorSource[];
  /** Gives the command being analyzed a variable (`env X=1 cmd`): it sees it, exported. */
  exportToCommand(name: string, value: string): void;
  /** Notes that a `cd` ran: function bodies are walked again from a directory not known. */
  noteDirectoryChange(): void;
}

/**
 * Does what a command's steps ask, in order (see `CommandStep`), from `start`: records findings,
 * resolves code words, lists data, reads programs from descriptors, follows shell code, looks up
 * interpreters' entries, analyzes the commands they run, and threads the directory and variables
 * they set. The outcome is the last kept command's (or exit's, or cd's), else the state kept by
 * a `keep-state` step, else the state the steps leave.
 *
 * @example
 * applyCommandSteps(walker, [{ kind: "code", word: literal("a.sh", "a.sh") }], state, false, 0);
 * // hashes <directory>/a.sh; → both outcomes are `state`
 */
export function applyCommandSteps(
  walker: StepWalker,
  steps: readonly CommandStep[],
  start: ShellState,
  piped: boolean,
  depth: number,
): ShellOutcome {
  let state = start;
  let kept: ShellState | null = null;
  let outcome: ShellOutcome | null = null;
  const { recorder, context } = walker;
  const resolve = (word: EvaluatedWord, role: CodeRole, where: ShellState) =>
    resolveCode(walker, word, role, where);
  for (const step of steps) {
    switch (step.kind) {
      case "finding":
        recorder.record([step.finding]);
        break;
      case "code":
        resolve(step.word, step.role ?? "file", step.state ?? state);
        break;
      case "data":
      case "operand": {
        const role = step.kind === "data" ? "data" : "code";
        const isHashed = (file: string) => recorder.isHashed(file);
        recorder.record(listFileWord(step.word, state, step.reason, role, isHashed));
        break;
      }
      case "stdin-program":
      case "descriptor-program": {
        const descriptor = step.kind === "stdin-program" ? "0" : step.descriptor;
        const language = step.language ?? "other";
        const sources = walker.lookUpDescriptor(descriptor);
        const program = findDescriptorProgram(sources, descriptor, step.label, language, piped);
        applyCommandSteps(walker, program, state, piped, depth);
        break;
      }
      case "shell-code":
        walker.followShellCode(step.word, step.state ?? state, depth);
        break;
      case "shell-text": {
        const { text, label } = step;
        if (step.later === true)
          walker.walkLater(state, (later) =>
            walker.followShellText(text, label, later, depth, true),
          );
        else walker.followShellText(text, label, state, depth, true);
        break;
      }
      case "script": {
        const paths = recorder.collect(() => resolve(step.word, "file", state));
        recorder.record(findScriptEntries(step.label, step.rule, step.word, paths, context.lookup));
        break;
      }
      case "preload": {
        const paths = recorder.collect(() => resolve(step.word, "module", state));
        recorder.record(findPreloadEntries(step.rule, step.word, paths, context.lookup));
        break;
      }
      case "value":
        applyCommandSteps(walker, findOptionValueCode(step.role, step.word), state, false, depth);
        break;
      case "run":
        outcome = runRest(walker, step, state, piped, depth);
        break;
      case "command": {
        const where = step.anyDirectory === true ? { ...state, directories: null } : state;
        const offPipe = step.offPipe === true;
        const after = walker.analyzeCommand(step.words, where, piped && !offPipe, depth);
        if (step.keepOutcome) outcome = after;
        break;
      }
      case "directory": {
        const value = step.word.value;
        const target = value.known && value.text !== "" ? value.text : null;
        state = changeDirectory(state, target, context.cwd);
        break;
      }
      case "variable": {
        // What the variable loads is checked first, in the state before it is set.
        const value = literal(step.value, step.source);
        applyCommandSteps(walker, findVariableCode(step.name, value), state, false, depth);
        walker.exportToCommand(step.name, step.value);
        state = assignVariable(state, step.name, step.value);
        break;
      }
      case "keep-state":
        kept = state;
        break;
      case "exit":
        outcome = { success: null, failure: null };
        break;
      case "change-directory":
        walker.noteDirectoryChange();
        outcome = step.outcome;
        break;
    }
  }
  return outcome ?? unchangedOutcome(kept ?? state);
}

// A code word's files (see `resolveCodeWord`); a descriptor path's program is read at depth 0,
// off the pipe.
function resolveCode(
  walker: StepWalker,
  word: EvaluatedWord,
  role: CodeRole,
  state: ShellState,
): void {
  const steps = resolveCodeWord(word, role, state, walker.environmentNames);
  applyCommandSteps(walker, steps, state, false, 0);
}

// What a wrapper runs: a command (its outcome the wrapper's), or shell code joined from its words
// (`eval`), walked in this shell.
function runRest(
  walker: StepWalker,
  step: Extract<ProgramStep, { kind: "run" }>,
  state: ShellState,
  piped: boolean,
  depth: number,
): ShellOutcome {
  const words = step.words;
  if (words.length === 0 || step.rest === "none") return unchangedOutcome(state);
  if (step.rest === "command")
    return walker.analyzeCommand(words, state, piped, depth, step.rule.bareIsScript === true);
  const unknown = words.find((word) => !word.value.known);
  if (unknown !== undefined) {
    const reason = `shell code built from ${unknown.value.known ? "" : unknown.value.reason}`;
    walker.recorder.record([flagWord(unknown.word.source, reason)]);
    return unchangedOutcome(state);
  }
  const code = words.map(readWordText).join(" ");
  const label = words.map((word) => word.word.source).join(" ");
  return walker.followShellText(code, label, state, depth, false);
}
