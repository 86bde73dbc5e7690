import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import type { OptionRole } from "./command-rules.js";
import type { ProgramFinding } from "./hook-finding.js";
import type { InterpreterRule } from "./interpreter-rules.js";
import type { ShellOutcome, ShellState } from "./shell-state.js";
import type { WrapperRule } from "./wrapper-rules.js";

/**
 * How a word names code: a program (found on PATH when bare), a script or file (relative to the
 * directory when bare), a sourced file (found on PATH when bare), or a module loaded by name.
 */
export type CodeRole = "program" | "file" | "sourced" | "module";

/**
 * What a per-program analysis asks of the walker, in order: record a finding; resolve a word as
 * a code file (relative to every directory the shell may be in, a descriptor path followed); list
 * a word as a file read as data; read the program from stdin (what descriptor 0 reads); enter a
 * directory (`make -C dir`) for the steps that follow; follow shell code (`sh -c`); look up an
 * interpreter's script or preload as it does; or apply what an option's value is (`-e` code, a
 * module, a config file); or run the command a wrapper runs (its outcome is the walker's).
 * `state`, where given, is the state the word was written in (a redirection's), not the command's.
 */
export type ProgramStep =
  | { kind: "finding"; finding: ProgramFinding }
  | { kind: "code"; word: EvaluatedWord; role?: CodeRole; state?: ShellState }
  | { kind: "data"; word: EvaluatedWord; reason: string }
  | { kind: "stdin-program"; label: string; language?: "shell" | "other" }
  | { kind: "directory"; word: EvaluatedWord }
  | { kind: "shell-code"; word: EvaluatedWord; state?: ShellState }
  | { kind: "script"; word: EvaluatedWord; label: string; rule: InterpreterRule }
  | { kind: "preload"; word: EvaluatedWord; rule: Pick<InterpreterRule, "preloadLookup"> }
  | { kind: "value"; role: OptionRole; word: EvaluatedWord }
  | {
      kind: "run";
      rest: WrapperRule["rest"];
      rule: WrapperRule;
      words: readonly EvaluatedWord[];
    };

/**
 * A step of one simple command as the walker applies it: a program's step, or one that only a
 * builtin or the dispatch asks for: read the program from a descriptor (`sh /dev/fd/3`); list a
 * file given to a program not in the tables (it may run it); follow shell text in this shell
 * (`alias`, `trap` code `later`, from a caller not known); analyze a command it runs (`env`,
 * `find -exec`, `npx`), keeping its outcome or not, in a directory not known or off the pipe; set
 * a variable for the command (`env X=1`); keep the state reached so far as the outcome (unless a
 * command's outcome is kept after it); leave the shell (`exit`); or change its directory (`cd`).
 */
export type CommandStep =
  | ProgramStep
  | {
      kind: "descriptor-program";
      descriptor: string;
      label: string;
      language: "shell" | "sourced";
    }
  | { kind: "operand"; word: EvaluatedWord; reason: string }
  | { kind: "shell-text"; text: string; label: string; later?: boolean }
  | {
      kind: "command";
      words: readonly EvaluatedWord[];
      keepOutcome: boolean;
      anyDirectory?: boolean;
      offPipe?: boolean;
    }
  | { kind: "variable"; name: string; value: string; source: string }
  | { kind: "keep-state" }
  | { kind: "exit" }
  | { kind: "change-directory"; outcome: ShellOutcome };
