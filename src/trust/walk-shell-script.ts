import {
  type EvaluatedWord,
  evaluateShellWord,
  type WordScope,
} from "../shell/evaluate-shell-word.js";
import { nested, parseShellScript } from "../shell/parse-shell-script.js";
import type {
  ShellAssignment,
  ShellRedirect,
  ShellStatement,
  ShellWord,
} from "../shell/shell-syntax.js";
import { applyBuiltinEffects } from "./apply-builtin-effects.js";
import { applyCommandSteps, type StepWalker } from "./apply-command-steps.js";
import { applyDeclaration } from "./apply-declaration.js";
import { applyWordEffects } from "./apply-word-effects.js";
import {
  assignShellVariables,
  listAssignmentWords,
  readPrefixAssignments,
} from "./assign-shell-variables.js";
import { classifyCommand } from "./classify-command.js";
import { readCommandContext } from "./command-context.js";
import { findCommandSteps } from "./command-handlers.js";
import { type AssignedVariables, findAssignedVariables } from "./find-assigned-variables.js";
import { findInputRedirectFiles } from "./find-input-redirect-files.js";
import { findVariableCode } from "./find-variable-code.js";
import { FindingRecorder } from "./finding-recorder.js";
import type { Finding } from "./hook-finding.js";
import { literal, literalWord } from "./read-command-option.js";
import { readLeadingWords } from "./read-leading-words.js";
import { readWordScope, type ScriptContext } from "./script-context.js";
import {
  applyRedirects,
  callerDescriptors,
  type DescriptorSource,
  type Descriptors,
  hookDescriptors,
  type KeptDescriptors,
  keepExecDescriptors,
  lookUpDescriptor,
  noteLoopDescriptors,
} from "./shell-descriptors.js";
import {
  forgetInOutcome,
  forgetVariables,
  markVolatile,
  mergeShellStates,
  type ShellOutcome,
  type ShellState,
  settleOutcome,
  startChildShell,
  startShellState,
  unchangedOutcome,
} from "./shell-state.js";

/** A hook's command as the walker takes it: shell code, or an argv run without a shell. */
export type WalkedCommand = { script: string } | { argv: readonly string[]; label: string };

/** What walking one hook's command found. */
export interface ShellScriptWalk {
  /** Hashed files and flagged words, in the order found. */
  findings: Finding[];
  /** The words of the command's first simple command when all are known before it runs, else null. */
  leadingWords: string[] | null;
}

// Shell code inside shell code (`sh -c "eval '…'"`) is followed this deep, then reported.
const maximumDepth = 8;

type Call = Extract<NonNullable<ShellStatement["command"]>, { kind: "call" }>;
type Compound = Extract<NonNullable<ShellStatement["command"]>, { kind: "compound" }>;

/**
 * Finds every file a hook's command runs or loads, statement by statement, as the shell would,
 * starting with the variables the hook is given (and what they load): each simple command is
 * read by its kind's handler (see `commandHandlers`), and the walk follows lists, pipelines,
 * compound commands, functions, subshells, `sh -c`, `eval` and `trap` code (parsed in turn), with
 * every directory a `cd` may leave the shell in, the variables it sets and the descriptors it
 * redirects. Every word that may name code but cannot be resolved is flagged with the reason,
 * and so is a command the parser rejects or that cannot be followed.
 *
 * @example
 * walkShellScript({ script: "./a.sh && python3 b.py" }, context, new Map()).findings;
 * // → [hash /repo/a.sh (leading), hash /repo/b.py]
 */
export function walkShellScript(
  command: WalkedCommand,
  context: ScriptContext,
  variables: ReadonlyMap<string, string>,
): ShellScriptWalk {
  const walker = new ShellScriptWalker(context, variables);
  const findings = walker.recorder.findings;
  try {
    const state = walker.checkEnvironment(variables);
    if ("argv" in command) return { findings, leadingWords: walker.walkArgv(command.argv, state) };
    const parsed = parseShellScript(command.script, context.dialect);
    if (parsed.ok)
      return { findings, leadingWords: walker.walkScript(parsed.script.statements, state) };
    const shell = context.dialect === "bash" ? "bash" : "POSIX sh";
    const reason = `the ${shell} parser rejects the command (${parsed.error}), so nothing it runs is hashed`;
    walker.recorder.report(command.script, reason);
  } catch (error) {
    // A tree too deep for the stack: say so rather than throw at the host.
    const label = "argv" in command ? command.label : command.script;
    const reason = `the command could not be followed (${String(error)}), so nothing it runs is hashed`;
    walker.recorder.report(label, reason);
  }
  return { findings, leadingWords: null };
}

// The walk of one command: control flow and the shell's state (directories, variables,
// descriptors, what the command is given); each simple command's steps are applied by
// `applyCommandSteps`.
class ShellScriptWalker implements StepWalker {
  readonly recorder = new FindingRecorder();
  readonly context: ScriptContext;
  // The hook's environment: exported, so child processes see what the shell sets them to.
  readonly environmentNames: ReadonlySet<string>;
  readonly #initialPath: string | undefined;
  // The first simple command: what it names is `leading`.
  #leadingCall: readonly ShellWord[] | null = null;
  readonly #functionBodies: ShellStatement[] = [];
  #directoryChanged = false;
  // Variables the process being analyzed is given by `NAME=value` before it or `env` (null: unknown).
  #environment: ReadonlyMap<string, string | null> = new Map();
  // Every variable the code followed in this shell may set somewhere (what a function sees).
  #assignedAnywhere: Set<string> | "all" = new Set();
  // Variables exported to the command being analyzed only (`X=1 cmd`, `env X=1 cmd`).
  #commandExports: ReadonlySet<string> = new Set();
  #descriptors: Descriptors = hookDescriptors;
  // What `exec 3< file` may have left each descriptor reading, from the point it ran on.
  #execDescriptors: KeptDescriptors = new Map();

  constructor(context: ScriptContext, variables: ReadonlyMap<string, string>) {
    this.context = context;
    this.environmentNames = new Set(variables.keys());
    this.#initialPath = variables.get("PATH");
  }

  // The state a hook's command starts in (its directory and the variables the engine gives it),
  // once what those variables load (`NODE_OPTIONS`, `BASH_ENV`, …) is checked.
  checkEnvironment(variables: ReadonlyMap<string, string>): ShellState {
    const state = startShellState(this.context.cwd, variables);
    for (const [name, value] of variables)
      this.checkCodeLoadingVariable(name, literalWord(value, `${name}=${value}`), state, 0);
    return state;
  }

  // A whole parsed command; function bodies are walked again if a `cd` may precede their call.
  walkScript(statements: readonly ShellStatement[], state: ShellState): string[] | null {
    this.noteAssigned(findAssignedVariables(statements, this.context.dialect));
    // Nothing is required when a word of the first command is not known before the shell runs.
    const leading = readLeadingWords(statements, this.scope(state));
    this.#leadingCall = leading?.words ?? null;
    this.walkList(statements, state, 0);
    if (this.#directoryChanged)
      for (const body of this.#functionBodies.splice(0))
        this.walkLater(state, (later) =>
          this.walkStatement(body, { ...later, directories: null }, false, 0),
        );
    return leading?.texts ?? null;
  }

  // An argv command, run without a shell: its words are already final, and all `leading`.
  walkArgv(argv: readonly string[], state: ShellState): string[] {
    const words = argv.map((text) => literal(text, text));
    this.recorder.recordLeading(true, () => this.analyzeCommand(words, state, false, 0));
    return [...argv];
  }

  // Names some code of this shell may set: a function or trap may run after any of them.
  noteAssigned(names: AssignedVariables): void {
    if (names === "all" || this.#assignedAnywhere === "all") this.#assignedAnywhere = "all";
    else for (const name of names) this.#assignedAnywhere.add(name);
  }

  // Code that runs later (a function body, a trap): from a caller whose descriptors are not
  // known, where any variable set anywhere may hold any value.
  walkLater(state: ShellState, walk: (later: ShellState) => void): void {
    const descriptors = this.#descriptors;
    this.#descriptors = callerDescriptors;
    try {
      walk(forgetVariables(state, this.#assignedAnywhere));
    } finally {
      this.#descriptors = descriptors;
    }
  }

  evaluate(word: ShellWord, state: ShellState): EvaluatedWord {
    return { word, value: evaluateShellWord(word, this.scope(state)) };
  }

  scope(state: ShellState): WordScope {
    return readWordScope(state, this.context);
  }

  walkList(
    statements: readonly ShellStatement[],
    start: ShellState,
    depth: number,
  ): ShellState | null {
    let state: ShellState | null = start;
    let last = start;
    for (const statement of statements) {
      // Statements after `exit` never run; they are still checked, in the last reachable state.
      const outcome = this.walkStatement(statement, state ?? last, false, depth);
      state = settleOutcome(outcome);
      if (state !== null) last = state;
    }
    return state;
  }

  walkStatement(
    statement: ShellStatement,
    state: ShellState,
    piped: boolean,
    depth: number,
  ): ShellOutcome {
    const enclosing = this.#descriptors;
    const redirects = statement.redirects;
    this.#descriptors = applyRedirects(
      redirects,
      enclosing,
      this.#execDescriptors,
      state,
      this.scope(state),
    );
    let outcome: ShellOutcome;
    try {
      outcome = this.walkCommand(statement, state, piped, depth);
    } finally {
      this.#descriptors = enclosing;
    }
    // Redirections expand after the command's words, in the state the command started in.
    for (const redirect of redirects)
      for (const word of [redirect.target, ...(redirect.body === null ? [] : [redirect.body])])
        this.walkNested(word, state, depth);
    // `{NAME}<file` and `${NAME:=…}` in a target set variables.
    const set = findAssignedVariables(
      [{ command: null, redirects, negated: false, background: false }],
      this.context.dialect,
    );
    outcome = forgetInOutcome(outcome, set);
    return statement.negated ? { success: outcome.failure, failure: outcome.success } : outcome;
  }

  walkCommand(
    statement: ShellStatement,
    state: ShellState,
    piped: boolean,
    depth: number,
  ): ShellOutcome {
    const command = statement.command;
    if (command === null) return unchangedOutcome(state);
    switch (command.kind) {
      case "call":
        return this.walkCall(command, statement.redirects, state, piped, depth);
      case "declare": {
        for (const word of command.words) this.walkNested(word, state, depth);
        const assigned = this.assign(command.assignments, state, depth);
        return unchangedOutcome(applyDeclaration(command, assigned));
      }
      case "and":
      case "or": {
        // The right side runs after the left succeeds (`&&`) or fails (`||`).
        const and = command.kind === "and";
        const left = this.walkStatement(command.left, state, piped, depth);
        const next = and ? left.success : left.failure;
        const right =
          next === null
            ? { success: null, failure: null }
            : this.walkStatement(command.right, next, piped, depth);
        return and
          ? { success: right.success, failure: mergeShellStates(left.failure, right.failure) }
          : { success: mergeShellStates(left.success, right.success), failure: right.failure };
      }
      case "pipe": {
        // Each side runs in a subshell: nothing it changes outlives the pipeline, except what
        // the last command sets when bash's `lastpipe` runs it in the shell itself.
        this.walkStatement(command.left, state, piped, depth);
        const enclosing = this.#descriptors;
        this.#descriptors = new Map([...enclosing, ["0", { kind: "pipe" }]]);
        try {
          this.walkStatement(command.right, state, true, depth);
        } finally {
          this.#descriptors = enclosing;
        }
        const last = findAssignedVariables([command.right], this.context.dialect);
        return unchangedOutcome(forgetVariables(state, last));
      }
      case "subshell":
        this.walkList(command.statements, state, depth);
        return unchangedOutcome(state);
      case "block": {
        const after = this.walkList(command.statements, state, depth);
        return { success: after, failure: after };
      }
      case "time":
        return command.statement === null
          ? unchangedOutcome(state)
          : this.walkStatement(command.statement, state, piped, depth);
      case "compound":
        return unchangedOutcome(this.walkCompound(command, state, depth) ?? state);
    }
  }

  walkCompound(command: Compound, start: ShellState, depth: number): ShellState | null {
    for (const word of command.words) this.walkNested(word, start, depth);
    if (command.shape === "function") {
      const bodies = command.branches.flat();
      const set = findAssignedVariables(bodies, this.context.dialect);
      this.noteAssigned(set);
      for (const body of bodies) {
        this.#functionBodies.push(body);
        this.walkLater(start, (later) => this.walkStatement(body, later, false, depth));
      }
      // The body may run at any later point: what it sets is not known from here on.
      return markVolatile(start, set);
    }
    if (command.shape === "background") {
      for (const list of command.branches) this.walkList(list, start, depth);
      return start;
    }
    // What any branch or iteration sets is not known on entry (a loop's body may have run
    // before) nor after; a branch that sets it again knows it from there.
    const compound: ShellStatement = { command, redirects: [], negated: false, background: false };
    const state = forgetVariables(
      this.applyWordEffects(command.words, start, command.arithmetic === true),
      findAssignedVariables([compound], this.context.dialect),
    );
    if (command.shape === "loop")
      this.#execDescriptors = noteLoopDescriptors(command.branches.flat(), this.#execDescriptors);
    let after: ShellState | null = state;
    for (const list of command.branches)
      after = mergeShellStates(after, this.walkList(list, state, depth));
    if (command.shape === "loop" && after !== null && after.directories !== state.directories) {
      // A body that changes directory may run again from where it left off.
      const unknown = { ...state, directories: null };
      for (const list of command.branches) this.walkList(list, unknown, depth);
      return { ...after, directories: null };
    }
    return after;
  }

  // Commands inside a word (`$(…)`, `<(…)`) run in subshells.
  walkNested(word: ShellWord, state: ShellState, depth: number): void {
    const statements = nested(word.parts);
    if (statements.length > 0) this.walkList(statements, state, depth);
  }

  walkCall(
    call: Call,
    redirects: readonly ShellRedirect[],
    start: ShellState,
    piped: boolean,
    depth: number,
  ): ShellOutcome {
    const { assignments, words } = call;
    if (words === this.#leadingCall) {
      this.#leadingCall = null;
      return this.recorder.recordLeading(true, () =>
        this.walkCall(call, redirects, start, piped, depth),
      );
    }
    for (const word of words) this.walkNested(word, start, depth);
    // `${X:=…}` and arithmetic in the words set variables as they expand.
    const expanded = [...words, ...listAssignmentWords(assignments)];
    const state = this.applyWordEffects(expanded, start, false);
    if (words.length === 0) return unchangedOutcome(this.assign(assignments, state, depth));
    // Assignments before a program are its environment; its words expand without them.
    this.walkAssignments(assignments, state, depth);
    const scope = this.scope(state);
    const prefix = readPrefixAssignments(assignments, state, scope, this.#environment);
    const evaluatedWords = words.map((word) => this.evaluate(word, state));
    const inherited = this.#environment;
    const outer = this.#commandExports;
    this.#environment = prefix.environment;
    this.#commandExports = prefix.exports;
    let outcome: ShellOutcome;
    try {
      outcome = this.analyzeCommand(evaluatedWords, prefix.state, piped, depth);
      // What the shell opens for the first command is not what that command names.
      const opened = findInputRedirectFiles(evaluatedWords[0], redirects, scope);
      this.recorder.recordLeading(false, () => applyCommandSteps(this, opened, state, false, 0));
    } finally {
      this.#environment = inherited;
      this.#commandExports = outer;
    }
    // A special builtin's (or, in some shells, a function's) prefix assignments outlive it:
    // a name whose value changed is not known after the command.
    const restored = forgetInOutcome(outcome, prefix.changed);
    const effects = applyBuiltinEffects(words, evaluatedWords, restored, this.context.dialect);
    if (effects.keepDescriptors === true)
      this.#execDescriptors = keepExecDescriptors(this.#descriptors, this.#execDescriptors);
    if (effects.assigns !== undefined) this.noteAssigned(effects.assigns);
    return effects.outcome;
  }

  // `${X:=…}` and arithmetic set variables as words expand (see `applyWordEffects`).
  applyWordEffects(
    words: readonly ShellWord[],
    start: ShellState,
    arithmetic: boolean,
  ): ShellState {
    const effects = applyWordEffects(words, start, this.context, arithmetic);
    this.recorder.record(effects.findings);
    return effects.state;
  }

  // Shell variable assignments: known values are remembered for later words.
  assign(assignments: readonly ShellAssignment[], start: ShellState, depth: number): ShellState {
    this.walkAssignments(assignments, start, depth);
    return assignShellVariables(assignments, start, this.scope(start));
  }

  // What assignments' words run, and what their values load, in the state they expand in.
  walkAssignments(assignments: readonly ShellAssignment[], state: ShellState, depth: number): void {
    for (const assignment of assignments) {
      for (const word of assignment.otherWords) this.walkNested(word, state, depth);
      if (assignment.value === null) continue;
      this.walkNested(assignment.value, state, depth);
      this.checkCodeLoadingVariable(assignment.name, assignment.value, state, depth);
    }
  }

  checkCodeLoadingVariable(name: string, value: ShellWord, state: ShellState, depth: number): void {
    const steps = findVariableCode(name, this.evaluate(value, state));
    applyCommandSteps(this, steps, state, false, depth);
  }

  // One simple command: its kind's handler (see `commandHandlers`) gives the steps to apply.
  analyzeCommand(
    words: readonly EvaluatedWord[],
    state: ShellState,
    piped: boolean,
    depth: number,
    bareIsScript = false,
  ): ShellOutcome {
    const setting = {
      script: this.context,
      environmentNames: this.environmentNames,
      initialPath: this.#initialPath,
      environment: this.#environment,
    };
    const context = readCommandContext(setting, state, bareIsScript);
    const steps = findCommandSteps(classifyCommand(words), context);
    return applyCommandSteps(this, steps, state, piped, depth);
  }

  // Shell code given as a word (`sh -c '…'`): a child shell, which sees only exported variables.
  followShellCode(code: EvaluatedWord, state: ShellState, depth: number): void {
    if (!code.value.known) {
      this.recorder.report(code.word.source, `shell code that is ${code.value.reason}`);
      return;
    }
    const exported = (name: string) =>
      this.environmentNames.has(name) || this.#commandExports.has(name);
    const child = startChildShell(state, exported);
    this.followShellText(code.value.text, code.word.source, child, depth, true);
  }

  followShellText(
    code: string,
    label: string,
    state: ShellState,
    depth: number,
    isolated: boolean,
  ): ShellOutcome {
    if (depth >= maximumDepth) {
      this.recorder.report(label, `shell code nested more than ${maximumDepth} levels deep`);
      return unchangedOutcome(state);
    }
    const parsed = parseShellScript(code, this.context.dialect);
    if (!parsed.ok) {
      this.recorder.report(label, `shell code the parser rejects (${parsed.error})`);
      return unchangedOutcome(isolated ? state : forgetVariables(state, "all"));
    }
    this.noteAssigned(findAssignedVariables(parsed.script.statements, this.context.dialect));
    const after = this.walkList(parsed.script.statements, state, depth + 1);
    return isolated ? unchangedOutcome(state) : { success: after, failure: after };
  }

  lookUpDescriptor(descriptor: string): DescriptorSource[] {
    return lookUpDescriptor(this.#descriptors, this.#execDescriptors, descriptor);
  }

  exportToCommand(name: string, value: string): void {
    this.#environment = new Map([...this.#environment, [name, value]]);
    this.#commandExports = new Set([...this.#commandExports, name]);
  }

  noteDirectoryChange(): void {
    this.#directoryChanged = true;
  }
}
