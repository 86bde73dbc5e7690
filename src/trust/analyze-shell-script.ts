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
import { applyDeclaration } from "./apply-declaration.js";
import { applyWordEffects } from "./apply-word-effects.js";
import { classifyCommand } from "./classify-command.js";
import type { CommandContext } from "./command-context.js";
import { findCommandSteps } from "./command-handlers.js";
import type { WrapperRule } from "./command-rules.js";
import { type AssignedVariables, findAssignedVariables } from "./find-assigned-variables.js";
import { findDescriptorProgram } from "./find-descriptor-program.js";
import { findInputRedirectFiles } from "./find-input-redirect-files.js";
import { findPreloadEntries, findScriptEntries } from "./find-interpreter-entries.js";
import { findOptionValueCode } from "./find-option-value-code.js";
import type { StartupContext } from "./find-shell-startup-files.js";
import { findVariableCode } from "./find-variable-code.js";
import { FindingRecorder } from "./finding-recorder.js";
import {
  type Finding,
  listHashedFiles,
  listNotHashedWords,
  listObservedFiles,
  type NotHashedWord,
  type ProgramFinding,
} from "./hook-finding.js";
import { listFileWord } from "./list-file-word.js";
import type { CodeRole, CommandStep } from "./program-step.js";
import { literal, literalWord } from "./read-command-option.js";
import { resolveCodeWord } from "./resolve-code-word.js";
import { readWordScope, type ScriptContext } from "./script-context.js";
import {
  applyRedirects,
  callerDescriptors,
  type Descriptors,
  hookDescriptors,
  type KeptDescriptors,
  keepExecDescriptors,
  lookUpDescriptor,
  noteLoopDescriptors,
} from "./shell-descriptors.js";
import {
  assignVariable,
  changeDirectory,
  forgetInOutcome,
  forgetVariables,
  markVolatile,
  mergeShellStates,
  type ShellOutcome,
  type ShellState,
  settleOutcome,
  startChildShell,
  unchangedOutcome,
} from "./shell-state.js";

export type { NotHashedWord } from "./hook-finding.js";

/** What every analysis of one hook shares: where it starts and what it has found. */
export type ScriptAnalysisContext = ScriptContext;

// Shell code inside shell code (`sh -c "eval '…'"`) is followed this deep, then reported.
const maximumDepth = 8;

/**
 * Finds every file a parsed shell command runs or loads, statement by statement, as the shell
 * would: programs given as paths, interpreters' scripts and preloads, sourced files, scripts fed
 * on stdin, shell code in `sh -c`, `eval` and `trap` (parsed in turn), commands under wrappers
 * (`env`, `timeout`, `xargs`, `sudo`, …), files that define tasks, and variables that load code.
 * Follows `cd` (with every directory it may leave the shell in) and variable assignments. Every
 * word that may name code but cannot be resolved is reported with the reason.
 */
export class ShellScriptAnalysis {
  /** What the command runs, loads or reads: hashed files and flagged words, in the order found. */
  readonly findings: Finding[];
  readonly #recorder = new FindingRecorder();
  #leadingCall: readonly ShellWord[] | null = null;
  #initialPath: string | undefined = undefined;
  /** The words of the command's first simple command, when all are known before it runs. */
  leadingWords: string[] | null = null;
  readonly #context: ScriptAnalysisContext;
  readonly #functionBodies: ShellStatement[] = [];
  #directoryChanged = false;
  // Variables the process being analyzed is given by `NAME=value` before it or `env` (null: unknown).
  #environment: ReadonlyMap<string, string | null> = new Map();
  // Every variable the code followed in this shell may set somewhere (what a function sees).
  #assignedAnywhere: Set<string> | "all" = new Set();
  // The hook's environment: exported, so child processes see what the shell sets them to.
  #environmentNames: ReadonlySet<string> = new Set();
  // Variables exported to the command being analyzed only (`X=1 cmd`, `env X=1 cmd`).
  #commandExports = new Set<string>();
  #descriptors: Descriptors = hookDescriptors;
  // What `exec 3< file` may have left each descriptor reading, from the point it ran on.
  #execDescriptors: KeptDescriptors = new Map();

  constructor(context: ScriptAnalysisContext) {
    this.#context = context;
    this.findings = this.#recorder.findings;
  }

  /** The state a hook's command starts in: its directory and the variables the engine gives it. */
  initialState(variables: ReadonlyMap<string, string>): ShellState {
    this.#environmentNames = new Set(variables.keys());
    this.#initialPath = variables.get("PATH");
    const state: ShellState = {
      directories: [this.#context.cwd],
      variables: new Map(variables),
      gitRootMoved: false,
      pathChanged: false,
      variablesUnknown: false,
      volatile: new Set(),
    };
    return variables.has("PATH") ? { ...state, pathChanged: true } : state;
  }

  /** Analyzes a whole parsed command; function bodies are checked again if a `cd` may precede their call. */
  analyzeScript(statements: readonly ShellStatement[], state: ShellState): void {
    this.noteAssigned(findAssignedVariables(statements, this.#context.dialect));
    const first = statements[0];
    const call = first === undefined ? null : findLeadingCall(first);
    if (call !== null) {
      const values = call.words.map((word) => this.evaluate(word, state).value);
      // Nothing is required when a word of the first command is not known before the shell runs.
      if (values.every((value) => value.known)) {
        this.#leadingCall = call.words;
        this.leadingWords = values.map((value) => (value.known ? value.text : ""));
      }
    }
    this.walkList(statements, state, 0);
    if (this.#directoryChanged) {
      for (const body of this.#functionBodies.splice(0)) {
        this.walkLater(() =>
          this.walkStatement(body, { ...this.laterState(state), directories: null }, false, 0),
        );
      }
    }
  }

  // Names some code of this shell may set: a function or trap may run after any of them.
  noteAssigned(names: AssignedVariables): void {
    if (names === "all" || this.#assignedAnywhere === "all") this.#assignedAnywhere = "all";
    else for (const name of names) this.#assignedAnywhere.add(name);
  }

  // The state a function body or trap starts in when it runs: any variable set anywhere may
  // hold any value then.
  laterState(state: ShellState): ShellState {
    return forgetVariables(state, this.#assignedAnywhere);
  }

  // Walks code that runs later, from a caller whose descriptors are not known.
  walkLater(walk: () => void): void {
    const descriptors = this.#descriptors;
    this.#descriptors = callerDescriptors;
    try {
      walk();
    } finally {
      this.#descriptors = descriptors;
    }
  }

  /** Checks the variables a hook's configuration sets for its command (`NODE_OPTIONS`, `BASH_ENV`, …). */
  checkEnvironment(variables: ReadonlyMap<string, string>, state: ShellState): void {
    for (const [name, value] of variables) {
      this.checkCodeLoadingVariable(name, literalWord(value, `${name}=${value}`), state, 0);
    }
  }

  /** Analyzes an argv command, run without a shell: its words are already final. */
  analyzeArgv(argv: readonly string[], state: ShellState): void {
    this.leadingWords = [...argv];
    this.#recorder.leading = true;
    try {
      this.analyzeCommand(
        argv.map((text) => literal(text, text)),
        state,
        false,
        0,
      );
    } finally {
      this.#recorder.leading = false;
    }
  }

  evaluate(word: ShellWord, state: ShellState): EvaluatedWord {
    return { word, value: evaluateShellWord(word, scopeOf(state, this.#context)) };
  }

  /** Records a whole command as not hashed (the parser rejected it). */
  reject(command: string, reason: string): void {
    this.report(command, reason);
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
    this.#descriptors = applyRedirects(
      statement.redirects,
      enclosing,
      this.#execDescriptors,
      state,
      scopeOf(state, this.#context),
    );
    let outcome: ShellOutcome;
    try {
      outcome = this.walkCommand(statement, state, piped, depth);
    } finally {
      this.#descriptors = enclosing;
    }
    // Redirections expand after the command's words, in the state the command started in.
    for (const redirect of statement.redirects) {
      for (const word of [redirect.target, ...(redirect.body === null ? [] : [redirect.body])]) {
        this.walkNested(nested(word.parts), state, depth);
      }
    }
    // `{NAME}<file` and `${NAME:=…}` in a target set variables.
    const set = findAssignedVariables(
      [{ command: null, redirects: statement.redirects, negated: false, background: false }],
      this.#context.dialect,
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
        return this.walkCall(
          command.assignments,
          command.words,
          statement.redirects,
          state,
          piped,
          depth,
        );
      case "declare": {
        for (const word of command.words) this.walkNested(nested(word.parts), state, depth);
        return unchangedOutcome(this.declare(command, state, depth));
      }
      case "and": {
        const left = this.walkStatement(command.left, state, piped, depth);
        const right =
          left.success === null
            ? { success: null, failure: null }
            : this.walkStatement(command.right, left.success, piped, depth);
        return { success: right.success, failure: mergeShellStates(left.failure, right.failure) };
      }
      case "or": {
        const left = this.walkStatement(command.left, state, piped, depth);
        const right =
          left.failure === null
            ? { success: null, failure: null }
            : this.walkStatement(command.right, left.failure, piped, depth);
        return { success: mergeShellStates(left.success, right.success), failure: right.failure };
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
        const last = findAssignedVariables([command.right], this.#context.dialect);
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

  walkCompound(
    command: Extract<NonNullable<ShellStatement["command"]>, { kind: "compound" }>,
    start: ShellState,
    depth: number,
  ): ShellState | null {
    for (const word of command.words) this.walkNested(nested(word.parts), start, depth);
    if (command.shape === "function") {
      const bodies = command.branches.flat();
      const set = findAssignedVariables(bodies, this.#context.dialect);
      this.noteAssigned(set);
      for (const body of bodies) {
        this.#functionBodies.push(body);
        this.walkLater(() => this.walkStatement(body, this.laterState(start), false, depth));
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
    const compound: ShellStatement = {
      command,
      redirects: [],
      negated: false,
      background: false,
    };
    const state = forgetVariables(
      this.applyWordEffects(command.words, start, command.arithmetic === true),
      findAssignedVariables([compound], this.#context.dialect),
    );
    if (command.shape === "loop") this.noteLoopDescriptors(command.branches.flat());
    let after: ShellState | null = state;
    for (const list of command.branches) {
      after = mergeShellStates(after, this.walkList(list, state, depth));
    }
    if (command.shape === "loop" && after !== null && after.directories !== state.directories) {
      // A body that changes directory may run again from where it left off.
      const unknown = { ...state, directories: null };
      for (const list of command.branches) this.walkList(list, unknown, depth);
      return { ...after, directories: null };
    }
    return after;
  }

  // Commands inside words (`$(…)`, `<(…)`) run in subshells.
  walkNested(statements: readonly ShellStatement[], state: ShellState, depth: number): void {
    if (statements.length > 0) this.walkList(statements, state, depth);
  }

  walkCall(
    assignments: readonly ShellAssignment[],
    words: readonly ShellWord[],
    redirects: readonly ShellRedirect[],
    start: ShellState,
    piped: boolean,
    depth: number,
  ): ShellOutcome {
    if (words === this.#leadingCall) {
      this.#leadingCall = null;
      this.#recorder.leading = true;
      try {
        return this.walkCall(assignments, words, redirects, start, piped, depth);
      } finally {
        this.#recorder.leading = false;
      }
    }
    for (const word of words) this.walkNested(nested(word.parts), start, depth);
    // `${X:=…}` and arithmetic in the words set variables as they expand.
    const state = this.applyWordEffects(
      [...words, ...assignments.flatMap((assignment) => assignmentWords(assignment))],
      start,
      false,
    );
    if (words.length === 0) return unchangedOutcome(this.assign(assignments, state, depth));
    // Assignments before a program are its environment; its words expand without them.
    let commandState = state;
    const exports = new Set<string>();
    for (const assignment of assignments) {
      for (const word of assignment.otherWords) this.walkNested(nested(word.parts), state, depth);
      exports.add(assignment.name);
      if (assignment.value === null) {
        commandState = assignVariable(commandState, assignment.name, "");
        continue;
      }
      this.walkNested(nested(assignment.value.parts), state, depth);
      this.checkCodeLoadingVariable(assignment.name, assignment.value, state, depth);
      const value = evaluateShellWord(assignment.value, scopeOf(state, this.#context));
      const known = value.known && !assignment.append && assignment.otherWords.length === 0;
      commandState = assignVariable(commandState, assignment.name, known ? value.text : null);
    }
    const evaluatedWords = words.map((word) => this.evaluate(word, state));
    const inherited = this.#environment;
    this.#environment = new Map([
      ...inherited,
      ...assignments.map((assignment) => {
        const value =
          assignment.value === null
            ? null
            : evaluateShellWord(assignment.value, scopeOf(state, this.#context));
        return [assignment.name, value?.known === true ? value.text : null] as const;
      }),
    ]);
    const outer = this.#commandExports;
    this.#commandExports = exports;
    let outcome: ShellOutcome;
    try {
      outcome = this.analyzeCommand(evaluatedWords, commandState, piped, depth);
      // What the shell opens for the first command is not what that command names.
      const leading = this.#recorder.leading;
      this.#recorder.leading = false;
      this.reportInputRedirects(evaluatedWords[0], redirects, state);
      this.#recorder.leading = leading;
    } finally {
      this.#environment = inherited;
      this.#commandExports = outer;
    }
    // A special builtin's (or, in some shells, a function's) prefix assignments outlive it:
    // a name whose value changed is not known after the command.
    const changed = new Set(
      [...exports].filter((name) => commandState.variables.get(name) !== state.variables.get(name)),
    );
    const restored = {
      success: outcome.success === null ? null : forgetVariables(outcome.success, changed),
      failure: outcome.failure === null ? null : forgetVariables(outcome.failure, changed),
    };
    return this.applyBuiltinEffects(words, evaluatedWords, restored);
  }

  // `cmd < file`: the shell opens the file for the program to read (see `findInputRedirectFiles`).
  reportInputRedirects(
    program: EvaluatedWord | undefined,
    redirects: readonly ShellRedirect[],
    state: ShellState,
  ): void {
    const steps = findInputRedirectFiles(program, redirects, scopeOf(state, this.#context));
    this.applySteps(steps, state, false, 0);
  }

  // A file word that is listed, not hashed (see `listFileWord`).
  reportFile(word: EvaluatedWord, state: ShellState, reason: string, role: "code" | "data"): void {
    this.record(listFileWord(word, state, reason, role, (file) => this.isHashed(file)));
  }

  // What a builtin does to variables and descriptors (see `applyBuiltinEffects`).
  applyBuiltinEffects(
    words: readonly ShellWord[],
    evaluated: readonly EvaluatedWord[],
    outcome: ShellOutcome,
  ): ShellOutcome {
    const effects = applyBuiltinEffects(words, evaluated, outcome, this.#context.dialect);
    if (effects.keepDescriptors === true) this.keepExecDescriptors();
    if (effects.assigns !== undefined) this.noteAssigned(effects.assigns);
    return effects.outcome;
  }

  declare(
    command: Extract<NonNullable<ShellStatement["command"]>, { kind: "declare" }>,
    start: ShellState,
    depth: number,
  ): ShellState {
    return applyDeclaration(command, this.assign(command.assignments, start, depth));
  }

  // `${X:=…}` and arithmetic set variables as words expand (see `applyWordEffects`).
  applyWordEffects(
    words: readonly ShellWord[],
    start: ShellState,
    arithmetic: boolean,
  ): ShellState {
    const effects = applyWordEffects(words, start, this.#context, arithmetic);
    this.record(effects.findings);
    return effects.state;
  }

  // Shell variable assignments: known values are remembered for later words.
  assign(assignments: readonly ShellAssignment[], start: ShellState, depth: number): ShellState {
    let state = start;
    for (const assignment of assignments) {
      for (const word of assignment.otherWords) this.walkNested(nested(word.parts), start, depth);
      if (assignment.value !== null) {
        this.walkNested(nested(assignment.value.parts), start, depth);
        this.checkCodeLoadingVariable(assignment.name, assignment.value, start, depth);
      }
      const value =
        assignment.value === null
          ? { known: true as const, text: "", usesGitRoot: false }
          : evaluateShellWord(assignment.value, scopeOf(start, this.#context));
      const known = value.known && !assignment.append && assignment.otherWords.length === 0;
      state = assignVariable(state, assignment.name, known ? value.text : null);
    }
    return state;
  }

  checkCodeLoadingVariable(name: string, value: ShellWord, state: ShellState, depth: number): void {
    this.applySteps(findVariableCode(name, this.evaluate(value, state)), state, false, depth);
  }

  /** One simple command, from its program on: its kind's handler's steps; how it may leave the shell. */
  analyzeCommand(
    words: readonly EvaluatedWord[],
    state: ShellState,
    piped: boolean,
    depth: number,
    bareIsScript = false,
  ): ShellOutcome {
    const steps = findCommandSteps(
      classifyCommand(words),
      this.commandContext(state, bareIsScript),
    );
    return this.applySteps(steps, state, piped, depth);
  }

  // What a command's handler knows of the walker's state.
  commandContext(state: ShellState, bareIsScript: boolean): CommandContext {
    return {
      ...this.programContext(state),
      state,
      bareIsScript,
      cwd: this.#context.cwd,
      environmentNames: this.#environmentNames,
      initialPath: this.#initialPath,
      ...(this.#context.lookup !== undefined && { lookup: this.#context.lookup }),
    };
  }

  // The home (or `$ZDOTDIR`, `$XDG_CONFIG_HOME`) a program is given, as the program sees it.
  environmentValue(name: string, state: ShellState): string | null | undefined {
    if (this.#environment.has(name)) return this.#environment.get(name) ?? null;
    if (state.variables.has(name)) return state.variables.get(name) ?? null;
    return undefined;
  }

  // Does what a per-program analysis asks, in order; the outcome is the last kept command's, or
  // the state kept (by default the state the steps leave).
  applySteps(
    steps: readonly CommandStep[],
    start: ShellState,
    piped: boolean,
    depth: number,
  ): ShellOutcome {
    let state = start;
    let kept: ShellState | null = null;
    let outcome: ShellOutcome | null = null;
    const lookup = this.#context.lookup;
    for (const step of steps) {
      switch (step.kind) {
        case "finding":
          this.record([step.finding]);
          break;
        case "code":
          this.resolveCode(step.word, step.role ?? "file", step.state ?? state);
          break;
        case "data":
          this.reportFile(step.word, state, step.reason, "data");
          break;
        case "operand":
          this.reportFile(step.word, state, step.reason, "code");
          break;
        case "stdin-program":
          this.readProgramFromDescriptor(
            "0",
            step.label,
            step.language ?? "other",
            state,
            depth,
            piped,
          );
          break;
        case "descriptor-program":
          this.readProgramFromDescriptor(
            step.descriptor,
            step.label,
            step.language,
            state,
            depth,
            piped,
          );
          break;
        case "shell-code":
          this.followShellCode(step.word, step.state ?? state, depth, true);
          break;
        case "shell-text": {
          const { text, label } = step;
          if (step.later === true)
            this.walkLater(() =>
              this.followShellText(text, label, this.laterState(state), depth, true),
            );
          else this.followShellText(text, label, state, depth, true);
          break;
        }
        case "script": {
          const paths = this.collectCode(step.word, "file", state);
          this.record(findScriptEntries(step.label, step.rule, step.word, paths, lookup));
          break;
        }
        case "preload": {
          const paths = this.collectCode(step.word, "module", state);
          this.record(findPreloadEntries(step.rule, step.word, paths, lookup));
          break;
        }
        case "value":
          this.applySteps(findOptionValueCode(step.role, step.word), state, false, depth);
          break;
        case "run":
          outcome = this.runRest(step.rest, step.rule, step.words, state, piped, depth);
          break;
        case "command": {
          const where = step.anyDirectory === true ? { ...state, directories: null } : state;
          const after = this.analyzeCommand(
            step.words,
            where,
            piped && step.offPipe !== true,
            depth,
          );
          if (step.keepOutcome) outcome = after;
          break;
        }
        case "directory":
          state = this.enterDirectory(step.word, state);
          break;
        case "variable":
          state = this.setCommandVariable(step.name, step.value, step.source, state, depth);
          break;
        case "keep-state":
          kept = state;
          break;
        case "exit":
          outcome = { success: null, failure: null };
          break;
        case "change-directory":
          this.#directoryChanged = true;
          outcome = step.outcome;
          break;
      }
    }
    return outcome ?? unchangedOutcome(kept ?? state);
  }

  // `env X=1 cmd`: the command sees the variable, exported; what it loads is checked first.
  setCommandVariable(
    name: string,
    value: string,
    source: string,
    state: ShellState,
    depth: number,
  ): ShellState {
    this.applySteps(findVariableCode(name, literal(value, source)), state, false, depth);
    this.#environment = new Map([...this.#environment, [name, value]]);
    this.#commandExports = new Set([...this.#commandExports, name]);
    return assignVariable(state, name, value);
  }

  enterDirectory(word: EvaluatedWord, state: ShellState): ShellState {
    const value = word.value;
    return changeDirectory(
      state,
      value.known && value.text !== "" ? value.text : null,
      this.#context.cwd,
    );
  }

  runRest(
    rest: WrapperRule["rest"],
    rule: WrapperRule,
    words: readonly EvaluatedWord[],
    state: ShellState,
    piped: boolean,
    depth: number,
  ): ShellOutcome {
    if (words.length === 0 || rest === "none") return unchangedOutcome(state);
    if (rest === "command") {
      return this.analyzeCommand(words, state, piped, depth, rule.bareIsScript === true);
    }
    const unknown = words.find((word) => !word.value.known);
    if (unknown !== undefined) {
      this.report(
        unknown.word.source,
        `shell code built from ${unknown.value.known ? "" : unknown.value.reason}`,
      );
      return unchangedOutcome(state);
    }
    const code = words.map(textOf).join(" ");
    return this.followShellText(
      code,
      words.map((word) => word.word.source).join(" "),
      state,
      depth,
      false,
    );
  }

  // The paths a word names, as `resolveCode` adds them (one per directory a `cd` may leave).
  collectCode(word: EvaluatedWord, role: CodeRole, state: ShellState): string[] {
    return this.#recorder.collect(() => this.resolveCode(word, role, state));
  }

  // A program read from a descriptor (see `findDescriptorProgram`).
  readProgramFromDescriptor(
    descriptor: string,
    label: string,
    language: "shell" | "other" | "sourced",
    state: ShellState,
    depth: number,
    piped = false,
  ): void {
    const sources = lookUpDescriptor(this.#descriptors, this.#execDescriptors, descriptor);
    const steps = findDescriptorProgram(sources, descriptor, label, language, piped);
    this.applySteps(steps, state, piped, depth);
  }

  keepExecDescriptors(): void {
    this.#execDescriptors = keepExecDescriptors(this.#descriptors, this.#execDescriptors);
  }

  noteLoopDescriptors(statements: readonly ShellStatement[]): void {
    this.#execDescriptors = noteLoopDescriptors(statements, this.#execDescriptors);
  }

  // Shell code given as a word (`sh -c '…'`, `trap '…' EXIT`): parsed and followed in turn.
  followShellCode(code: EvaluatedWord, state: ShellState, depth: number, isolated: boolean): void {
    if (!code.value.known) {
      this.report(code.word.source, `shell code that is ${code.value.reason}`);
      return;
    }
    const start = isolated
      ? startChildShell(
          state,
          (name) => this.#environmentNames.has(name) || this.#commandExports.has(name),
        )
      : state;
    this.followShellText(code.value.text, code.word.source, start, depth, isolated);
  }

  followShellText(
    code: string,
    label: string,
    state: ShellState,
    depth: number,
    isolated: boolean,
  ): ShellOutcome {
    if (depth >= maximumDepth) {
      this.report(label, `shell code nested more than ${maximumDepth} levels deep`);
      return unchangedOutcome(state);
    }
    const parsed = parseShellScript(code, this.#context.dialect);
    if (!parsed.ok) {
      this.report(label, `shell code the parser rejects (${parsed.error})`);
      return isolated ? unchangedOutcome(state) : unchangedOutcome(forgetVariables(state, "all"));
    }
    this.noteAssigned(findAssignedVariables(parsed.script.statements, this.#context.dialect));
    const after = this.walkList(parsed.script.statements, state, depth + 1);
    return isolated ? unchangedOutcome(state) : { success: after, failure: after };
  }

  resolveCode(word: EvaluatedWord, role: CodeRole, state: ShellState): void {
    this.applySteps(resolveCodeWord(word, role, state, this.#environmentNames), state, false, 0);
  }

  /** Absolute paths of the hashed files, in the order found, each once. */
  get files(): string[] {
    return listHashedFiles(this.findings);
  }

  /** The words that may name code (or data) whose file cannot be known before the shell runs. */
  get notHashed(): NotHashedWord[] {
    return listNotHashedWords(this.findings);
  }

  /** The hashed files hashed because a lookup looked at them, not scripts named by the command. */
  get observed(): Set<string> {
    return listObservedFiles(this.findings);
  }

  // What a per-program analysis needs of the walker's state.
  programContext(state: ShellState): StartupContext {
    return {
      home: this.#context.home,
      directories: state.directories,
      observing: this.#context.lookup !== undefined,
      variable: (name) => this.environmentValue(name, state),
    };
  }

  record(findings: readonly ProgramFinding[]): void {
    this.#recorder.record(findings);
  }

  isHashed(file: string): boolean {
    return this.#recorder.isHashed(file);
  }

  addFile(file: string, observed = false): void {
    this.#recorder.addFile(file, observed);
  }

  report(word: string, reason: string, known: Pick<NotHashedWord, "file" | "role"> = {}): void {
    this.#recorder.report(word, reason, known);
  }
}

function scopeOf(state: ShellState, context: ScriptContext): WordScope {
  return readWordScope(state, context);
}

function assignmentWords(assignment: ShellAssignment): ShellWord[] {
  return [...(assignment.value === null ? [] : [assignment.value]), ...assignment.otherWords];
}

function textOf(word: EvaluatedWord | undefined): string {
  return word?.value.known === true ? word.value.text : "";
}

// The simple command that runs first in a statement, or null when it is a compound command: it
// runs whatever follows it (the left of `&&`, `||` and `|`).
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
