import path from "node:path";
import {
  codeLoadingVariables,
  directoryCommands,
  exitCommands,
  type InterpreterRule,
  interpreterRules,
  type OptionRole,
  type OptionTable,
  packageRunnerOptions,
  packageRunners,
  sourceCommands,
  taskRunners,
  type WrapperRule,
  wrapperRules,
} from "./command-rules.js";
import { configuredCodeRules } from "./configured-code-rules.js";
import { type EvaluatedWord, evaluateShellWord, type WordScope } from "./evaluate-shell-word.js";
import {
  type EntryLookup,
  type FileLookup,
  findNodeEntry,
  findNodeTypeScope,
  findPythonEntry,
  findPythonUserSite,
} from "./lookup-interpreter-entry.js";
import { nested, parseShellScript } from "./parse-shell-script.js";
import { literal, literalWord, readCommandOption } from "./read-command-option.js";
import {
  assignVariable,
  changeDirectory,
  mergeShellStates,
  onlyDirectory,
  type ShellOutcome,
  type ShellState,
  settleOutcome,
  unchangedOutcome,
} from "./shell-state.js";
import type {
  ShellAssignment,
  ShellDialect,
  ShellRedirect,
  ShellStatement,
  ShellWord,
} from "./shell-syntax.js";

/**
 * What trust cannot hash, and why: a word as written, and, when the analysis knows which file it
 * names, that file; `role` says whether it may run as code (the default) or is only read as data.
 */
export interface NotHashedWord {
  word: string;
  reason: string;
  /** The absolute path of the file the word names, when the analysis knows it. */
  file?: string;
  /** `code` (absent) when the file or word may run or load code; `data` when it is only read. */
  role?: "code" | "data";
}

/** What every analysis of one hook shares: where it starts and what it has found. */
export interface ScriptAnalysisContext {
  home: string;
  /** The hook's working directory: relative paths resolve against it until a `cd`. */
  cwd: string;
  gitRoot: string | null;
  /** Why the git root is not known, when it was looked for. */
  gitRootUnknown?: string;
  /** How interpreters' scripts are looked up on disk; without it, a script is taken as named. */
  lookup?: FileLookup;
  dialect: ShellDialect;
}

// Shell code inside shell code (`sh -c "eval '…'"`) is followed this deep, then reported.
const maximumDepth = 8;

// How a word names code: a program (found on PATH when bare), a script or file (relative to the
// directory when bare), a sourced file (found on PATH when bare), or a module loaded by name.
type CodeRole = "program" | "file" | "sourced" | "module";

/**
 * Finds every file a parsed shell command runs or loads, statement by statement, as the shell
 * would: programs given as paths, interpreters' scripts and preloads, sourced files, scripts fed
 * on stdin, shell code in `sh -c`, `eval` and `trap` (parsed in turn), commands under wrappers
 * (`env`, `timeout`, `xargs`, `sudo`, …), files that define tasks, and variables that load code.
 * Follows `cd` (with every directory it may leave the shell in) and variable assignments. Every
 * word that may name code but cannot be resolved is reported with the reason.
 */
export class ShellScriptAnalysis {
  /** Absolute paths of the files found, in the order found, each once. */
  readonly files: string[] = [];
  /** The words that may name code whose file cannot be known before the shell runs. */
  readonly notHashed: NotHashedWord[] = [];
  /** The files among `files` hashed because a lookup looked at them, not scripts named by the command. */
  readonly observed = new Set<string>();
  readonly #context: ScriptAnalysisContext;
  #collected: string[] | null = null;
  readonly #functionBodies: ShellStatement[] = [];
  #directoryChanged = false;

  constructor(context: ScriptAnalysisContext) {
    this.#context = context;
  }

  /** The state a hook's command starts in: its directory and the variables the engine gives it. */
  initialState(variables: ReadonlyMap<string, string>): ShellState {
    const state: ShellState = {
      directories: [this.#context.cwd],
      variables: new Map(variables),
      gitRootMoved: false,
      pathChanged: false,
    };
    return variables.has("PATH") ? { ...state, pathChanged: true } : state;
  }

  /** Analyzes a whole parsed command; function bodies are checked again if a `cd` may precede their call. */
  analyzeScript(statements: readonly ShellStatement[], state: ShellState): void {
    this.walkList(statements, state, 0);
    if (this.#directoryChanged) {
      for (const body of this.#functionBodies.splice(0)) {
        this.walkStatement(body, { ...state, directories: null }, false, 0);
      }
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
    this.analyzeCommand(
      argv.map((text) => literal(text, text)),
      state,
      [],
      false,
      0,
    );
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
    const outcome = this.walkCommand(statement, state, piped, depth);
    // Redirections expand after the command's words, in the state the command started in.
    for (const redirect of statement.redirects) {
      for (const word of [redirect.target, ...(redirect.body === null ? [] : [redirect.body])]) {
        this.walkNested(nested(word.parts), state, depth);
      }
    }
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
        const after = this.assign(command.assignments, state, depth);
        return unchangedOutcome(after);
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
      case "pipe":
        // Each side runs in a subshell: nothing it changes outlives the pipeline.
        this.walkStatement(command.left, state, piped, depth);
        this.walkStatement(command.right, state, true, depth);
        return unchangedOutcome(state);
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
    state: ShellState,
    depth: number,
  ): ShellState | null {
    for (const word of command.words) this.walkNested(nested(word.parts), state, depth);
    if (command.shape === "function") {
      for (const body of command.branches.flat()) {
        this.#functionBodies.push(body);
        this.walkStatement(body, state, false, depth);
      }
      return state;
    }
    if (command.shape === "background") {
      for (const list of command.branches) this.walkList(list, state, depth);
      return state;
    }
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
    state: ShellState,
    piped: boolean,
    depth: number,
  ): ShellOutcome {
    for (const word of words) this.walkNested(nested(word.parts), state, depth);
    if (words.length === 0) return unchangedOutcome(this.assign(assignments, state, depth));
    // Assignments before a program are its environment only; its words expand without them.
    let commandState = state;
    for (const assignment of assignments) {
      for (const word of assignment.otherWords) this.walkNested(nested(word.parts), state, depth);
      if (assignment.value === null) continue;
      this.walkNested(nested(assignment.value.parts), state, depth);
      this.checkCodeLoadingVariable(assignment.name, assignment.value, state, depth);
      if (assignment.name === "PATH") commandState = { ...commandState, pathChanged: true };
    }
    const evaluatedWords = words.map((word) => this.evaluate(word, state));
    return this.analyzeCommand(evaluatedWords, commandState, redirects, piped, depth);
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
    const kind = codeLoadingVariables[name];
    if (kind === undefined) return;
    const text = evaluateShellWord(value, scopeOf(state, this.#context));
    const label = `${name}=${value.source}`;
    if (!text.known) {
      this.report(label, `${name} loads code, and its value is ${text.reason}`);
      return;
    }
    switch (kind) {
      case "file":
        this.resolveCode(literal(text.text, label), "file", state);
        return;
      case "file-list":
        for (const file of text.text.split(/[\s:]+/).filter(Boolean)) {
          this.resolveCode(literal(file, label), "file", state);
        }
        return;
      case "node-options":
      case "ruby-options":
      case "perl-options": {
        const rule =
          kind === "node-options"
            ? interpreterRules.node
            : kind === "ruby-options"
              ? interpreterRules.ruby
              : interpreterRules.perl;
        if (rule === undefined) return;
        if (/["'\\$`]/.test(text.text)) {
          this.report(
            label,
            `${name} loads code, and its options are quoted in a way not followed here`,
          );
          return;
        }
        const words = text.text
          .split(/\s+/)
          .filter(Boolean)
          .map((option) => literal(option, label));
        this.scanOptionsOnly(words, rule, state, depth);
        return;
      }
      case "search-path":
        if (name === "PATH") return;
        this.report(
          label,
          `${name} changes where modules or libraries are found, and those are not hashed`,
        );
        return;
    }
  }

  // The options of NODE_OPTIONS, RUBYOPT, PERL5OPT: preloads are followed; there is no script.
  scanOptionsOnly(
    words: readonly EvaluatedWord[],
    rule: OptionTable & Pick<InterpreterRule, "preloadLookup">,
    state: ShellState,
    depth: number,
  ): void {
    let index = 0;
    while (index < words.length) {
      const option = readCommandOption(words, index, rule);
      if (option === null) {
        index += 1;
        continue;
      }
      if (option.value !== null && option.role === "preload" && rule.preloadLookup !== undefined)
        this.resolvePreload(rule, option.value, state);
      else if (option.value !== null) this.applyValueRole(option.role, option.value, state, depth);
      index = option.next;
    }
  }

  /** One simple command, from its program on; returns how it may leave the shell. */
  analyzeCommand(
    words: readonly EvaluatedWord[],
    state: ShellState,
    redirects: readonly ShellRedirect[],
    piped: boolean,
    depth: number,
    bareIsScript = false,
  ): ShellOutcome {
    const program = words[0];
    if (program === undefined) return unchangedOutcome(state);
    if (!program.value.known) {
      this.report(program.word.source, `the program is ${program.value.reason}`);
      return unchangedOutcome(state);
    }
    const text = program.value.text;
    if (text === "") return unchangedOutcome(state);
    const name = programName(text);
    const second = words[1]?.value;
    const pair = second?.known === true ? `${name} ${second.text}` : null;
    if (sourceCommands.has(text)) {
      const file = words[1];
      if (file !== undefined) this.resolveCode(file, "sourced", state);
      return unchangedOutcome(state);
    }
    if (directoryCommands.has(text)) return this.changeDirectory(words, state);
    if (exitCommands.has(text) && text !== "exec") return { success: null, failure: null };
    if (text === "exec" && words.length === 1) return unchangedOutcome(state);
    if (text === "trap") {
      const code =
        words[1]?.value.known === true && words[1].value.text === "--" ? words[2] : words[1];
      if (code !== undefined && words.length > 2) this.followShellCode(code, state, depth, true);
      return unchangedOutcome(state);
    }
    if (text === "enable") {
      const index = words.findIndex((word) => word.value.known && word.value.text === "-f");
      const library = index === -1 ? undefined : words[index + 1];
      if (library !== undefined) this.resolveCode(library, "file", state);
      return unchangedOutcome(state);
    }
    if (name === "find") {
      this.analyzeFind(words, state, depth);
      return unchangedOutcome(state);
    }
    if (name === "parallel") {
      this.report(
        words.map((word) => word.word.source).join(" "),
        "GNU parallel runs commands built when it runs",
      );
      return unchangedOutcome(state);
    }
    // A program given by path is hashed, whatever it is called, except a system interpreter or
    // wrapper (`/usr/bin/python3`, `/usr/bin/env`), whose script is what matters: a copy of
    // `python3` in the project or home is code like any other.
    const byPath = text.includes("/");
    const systemRunner = isSystemProgram(text) && isRunner(name);
    if (byPath && !systemRunner) this.resolveCode(program, "program", state);
    this.checkConfiguredCode(name, text, words, state);
    if (name === "env") return this.analyzeEnv(words, state, redirects, piped, depth);
    if (pair !== null && Object.hasOwn(taskRunners, pair)) {
      this.analyzeTaskRunner(pair, words.slice(2), state);
      return unchangedOutcome(state);
    }
    if (Object.hasOwn(taskRunners, name)) {
      this.analyzeTaskRunner(name, words.slice(1), state);
      return unchangedOutcome(state);
    }
    if (pair !== null && packageRunners.has(pair)) {
      return this.analyzePackageRunner(words.slice(2), state, redirects, piped, depth);
    }
    if (packageRunners.has(name))
      return this.analyzePackageRunner(words.slice(1), state, redirects, piped, depth);
    const pairWrapper =
      pair !== null && Object.hasOwn(wrapperRules, pair) ? wrapperRules[pair] : undefined;
    const wrapper =
      pairWrapper ?? (Object.hasOwn(wrapperRules, name) ? wrapperRules[name] : undefined);
    if (wrapper !== undefined) {
      const skip = pairWrapper !== undefined ? 2 : 1;
      const outcome = this.analyzeWrapper(
        wrapper,
        words.slice(skip),
        state,
        redirects,
        piped,
        depth,
      );
      return text === "exec" ? { success: null, failure: null } : outcome;
    }
    const interpreter = findInterpreterRule(name);
    if (interpreter !== undefined) {
      this.analyzeInterpreter(
        program.word.source,
        interpreter,
        words.slice(1),
        state,
        redirects,
        piped,
        depth,
      );
      return unchangedOutcome(state);
    }
    if (!byPath) {
      if (bareIsScript && /\.\w+$/.test(text)) this.resolveCode(program, "file", state);
      else if (state.pathChanged)
        this.report(program.word.source, "a program looked up on a PATH this command changes");
    }
    return unchangedOutcome(state);
  }

  changeDirectory(words: readonly EvaluatedWord[], state: ShellState): ShellOutcome {
    this.#directoryChanged = true;
    const command = words[0]?.value.known === true ? words[0].value.text : "";
    if (command === "popd")
      return { success: { ...state, directories: null, gitRootMoved: true }, failure: state };
    let index = 1;
    while (words[index]?.value.known === true && /^-[LPe@]+$/.test(textOf(words[index])))
      index += 1;
    if (words[index]?.value.known === true && textOf(words[index]) === "--") index += 1;
    const target = words[index];
    if (target === undefined) {
      if (command !== "cd")
        return { success: { ...state, directories: null, gitRootMoved: true }, failure: state };
      return {
        success: changeDirectory(state, this.#context.home, this.#context.cwd),
        failure: state,
      };
    }
    const value = target.value;
    const known =
      value.known &&
      value.text !== "-" &&
      value.text !== "" &&
      !(value.usesGitRoot && state.gitRootMoved);
    // CDPATH makes a relative `cd` search other directories first.
    const searched =
      known && !path.isAbsolute(value.text) && state.variables.get("CDPATH") !== undefined;
    return {
      success: changeDirectory(state, known && !searched ? value.text : null, this.#context.cwd),
      failure: state,
    };
  }

  analyzeEnv(
    words: readonly EvaluatedWord[],
    start: ShellState,
    redirects: readonly ShellRedirect[],
    piped: boolean,
    depth: number,
  ): ShellOutcome {
    const table: OptionTable = {
      short: {
        i: "flag",
        "0": "flag",
        v: "flag",
        u: "value",
        C: "directory",
        S: "split",
        P: "value",
      },
      long: {
        "--ignore-environment": "flag",
        "--null": "flag",
        "--unset": "value",
        "--chdir": "directory",
        "--split-string": "split",
        "--debug": "flag",
        "--block-signal": "flag",
        "--default-signal": "flag",
        "--ignore-signal": "flag",
        "--list-signal-handling": "flag",
      },
    };
    let state = start;
    let index = 1;
    for (;;) {
      const word = words[index];
      if (word === undefined) return unchangedOutcome(start);
      if (!word.value.known) break;
      const text = word.value.text;
      if (text === "--") {
        index += 1;
        break;
      }
      const assignment = /^([A-Za-z_]\w*)=(.*)$/s.exec(text);
      if (assignment !== null) {
        const name = assignment[1] ?? "";
        this.checkCodeLoadingVariable(
          name,
          literalWord(assignment[2] ?? "", word.word.source),
          state,
          depth,
        );
        if (name === "PATH") state = { ...state, pathChanged: true };
        index += 1;
        continue;
      }
      if (!text.startsWith("-") || text === "-") break;
      const option = readCommandOption(words, index, table);
      if (option === null) break;
      if (option.role === "split") {
        const value = option.value;
        if (value === null) return unchangedOutcome(start);
        if (!value.value.known || /["'\\$`]/.test(value.value.text)) {
          this.report(value.word.source, "env -S splits this string by rules not followed here");
          return unchangedOutcome(start);
        }
        const split = value.value.text
          .split(/\s+/)
          .filter(Boolean)
          .map((part) => literal(part, value.word.source));
        return this.analyzeEnv(
          [words[0] as EvaluatedWord, ...split, ...words.slice(option.next)],
          state,
          redirects,
          piped,
          depth,
        );
      }
      if (option.role === "directory" && option.value !== null) {
        state = this.enterDirectory(option.value, state);
      }
      if (option.ambiguous) {
        // An option not known here may take the next word as its value, or not: check both.
        this.analyzeCommand(words.slice(option.next), state, redirects, piped, depth);
        return this.analyzeCommand(words.slice(option.next + 1), state, redirects, piped, depth);
      }
      index = option.next;
    }
    this.analyzeCommand(words.slice(index), state, redirects, piped, depth);
    return unchangedOutcome(start);
  }

  enterDirectory(word: EvaluatedWord, state: ShellState): ShellState {
    const value = word.value;
    return changeDirectory(
      state,
      value.known && value.text !== "" ? value.text : null,
      this.#context.cwd,
    );
  }

  analyzeWrapper(
    rule: WrapperRule,
    words: readonly EvaluatedWord[],
    start: ShellState,
    redirects: readonly ShellRedirect[],
    piped: boolean,
    depth: number,
  ): ShellOutcome {
    let state = start;
    let rest = rule.rest;
    let index = 0;
    while (index < words.length) {
      const word = words[index] as EvaluatedWord;
      if (!word.value.known) break;
      const text = word.value.text;
      if (text === "--") {
        index += 1;
        break;
      }
      // `nice -10 …`: a number is an option of its own.
      if (/^-\d+$/.test(text)) {
        index += 1;
        continue;
      }
      if (!text.startsWith("-") || text === "-") break;
      const option = readCommandOption(words, index, rule);
      if (option === null) break;
      if (option.role === "exec") rest = "command";
      else if (option.role === "query") rest = "none";
      else if (option.role === "directory" && option.value !== null)
        state = this.enterDirectory(option.value, state);
      else if (option.value !== null) this.applyValueRole(option.role, option.value, state, depth);
      if (option.ambiguous) {
        const skipped = words.slice(option.next + rule.operands);
        const taken = words.slice(option.next + 1 + rule.operands);
        this.runRest(rest, rule, skipped, state, redirects, piped, depth);
        return this.runRest(rest, rule, taken, state, redirects, piped, depth);
      }
      index = option.next;
    }
    // `flock lockfile -c '…'`: an option may follow the operands.
    const after = index + rule.operands;
    const late = textOf(words[after]).startsWith("-")
      ? readCommandOption(words, after, rule)
      : null;
    if (late !== null && late.role === "shell-code" && late.value !== null) {
      this.followShellCode(late.value, state, depth, true);
      return unchangedOutcome(state);
    }
    return this.runRest(rest, rule, words.slice(after), state, redirects, piped, depth);
  }

  runRest(
    rest: WrapperRule["rest"],
    rule: WrapperRule,
    words: readonly EvaluatedWord[],
    state: ShellState,
    redirects: readonly ShellRedirect[],
    piped: boolean,
    depth: number,
  ): ShellOutcome {
    if (words.length === 0 || rest === "none") return unchangedOutcome(state);
    if (rest === "command") {
      return this.analyzeCommand(words, state, redirects, piped, depth, rule.bareIsScript === true);
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

  analyzeFind(words: readonly EvaluatedWord[], state: ShellState, depth: number): void {
    for (let index = 1; index < words.length; index += 1) {
      const action = textOf(words[index]);
      if (!["-exec", "-execdir", "-ok", "-okdir"].includes(action)) continue;
      const end = words.findIndex(
        (word, position) => position > index && [";", "+"].includes(textOf(word)),
      );
      const command = words.slice(index + 1, end === -1 ? words.length : end);
      // -execdir runs in the directory of each file found.
      const where = action.endsWith("dir") ? { ...state, directories: null } : state;
      this.analyzeCommand(command, where, [], false, depth);
      index = end === -1 ? words.length : end;
    }
  }

  analyzeTaskRunner(key: string, words: readonly EvaluatedWord[], start: ShellState): void {
    const runner = taskRunners[key];
    if (runner === undefined) return;
    let state = start;
    const files: EvaluatedWord[] = [];
    let index = 0;
    while (index < words.length) {
      const option = textOf(words[index]).startsWith("-")
        ? readCommandOption(words, index, runner.options)
        : null;
      if (option === null) {
        index += 1;
        continue;
      }
      if (option.role === "directory" && option.value !== null)
        state = this.enterDirectory(option.value, state);
      if (option.role === "config" && option.value !== null) files.push(option.value);
      index = option.next;
    }
    const label = [key, ...words.map((word) => word.word.source)].join(" ");
    const defined = files.length > 0 ? files : runner.files.map((file) => literal(file, file));
    for (const file of defined) this.resolveCode(file, "file", state);
    this.report(
      label,
      `runs tasks defined in ${defined.map((file) => file.word.source).join(" or ")}: that file is hashed, the scripts its tasks run are not`,
    );
  }

  analyzePackageRunner(
    words: readonly EvaluatedWord[],
    state: ShellState,
    redirects: readonly ShellRedirect[],
    piped: boolean,
    depth: number,
  ): ShellOutcome {
    let index = 0;
    while (index < words.length && textOf(words[index]).startsWith("-")) {
      const option = readCommandOption(words, index, packageRunnerOptions);
      if (option === null) break;
      if (option.value !== null && this.applyValueRole(option.role, option.value, state, depth)) {
        return unchangedOutcome(state);
      }
      if (option.ambiguous) {
        // An option not known here may take the next word as its value: check that reading too.
        this.analyzePackageRunner(words.slice(option.next + 1), state, redirects, piped, depth);
      }
      index = option.next;
    }
    const runner = words[index];
    if (runner === undefined) return unchangedOutcome(state);
    if (
      runner.value.known &&
      (findInterpreterRule(programName(runner.value.text)) !== undefined ||
        runner.value.text.includes("/"))
    ) {
      return this.analyzeCommand(words.slice(index), state, redirects, piped, depth);
    }
    this.report(
      runner.word.source,
      "a package's program, from node_modules or the package registry",
    );
    return unchangedOutcome(state);
  }

  analyzeInterpreter(
    label: string,
    rule: InterpreterRule,
    words: readonly EvaluatedWord[],
    start: ShellState,
    redirects: readonly ShellRedirect[],
    piped: boolean,
    depth: number,
  ): void {
    this.analyzeInterpreterWords(label, rule, words, start, redirects, piped, depth);
    // Python reads the user site-packages whatever it runs (a script, `-c`, `-m`).
    const lookup = this.#context.lookup;
    if (rule.scriptLookup === "python" && lookup !== undefined && !disablesUserSite(words))
      this.observe(label, findPythonUserSite(this.#context.home, lookup));
  }

  analyzeInterpreterWords(
    label: string,
    rule: InterpreterRule,
    words: readonly EvaluatedWord[],
    start: ShellState,
    redirects: readonly ShellRedirect[],
    piped: boolean,
    depth: number,
  ): void {
    let state = start;
    let shellCode = false;
    let allScripts = false;
    let ambiguous = false;
    let subcommandSeen = rule.subcommands === undefined;
    let index = 0;
    while (index < words.length) {
      const word = words[index] as EvaluatedWord;
      if (!word.value.known && shellCode) {
        this.followShellCode(word, state, depth, true);
        return;
      }
      if (!word.value.known) {
        this.report(
          word.word.source,
          `an argument that may name the script, and it is ${word.value.reason}`,
        );
        ambiguous = true;
        index += 1;
        continue;
      }
      const text = word.value.text;
      if (text === "--") {
        index += 1;
        break;
      }
      if (text === "-") {
        this.readProgramFromStdin(label, rule, state, redirects, piped, depth);
        return;
      }
      const isOption =
        text.startsWith("-") || (rule.language === "shell" && /^\+[A-Za-z]/.test(text));
      if (isOption) {
        const option = readCommandOption(words, index, rule);
        if (option === null) {
          index += 1;
          continue;
        }
        if (option.ambiguous) ambiguous = true;
        if (option.role === "shell-mode") shellCode = true;
        if (option.role === "scripts") allScripts = true;
        if (option.role === "stdin") {
          this.readProgramFromStdin(label, rule, state, redirects, piped, depth);
          return;
        }
        if (option.role === "directory" && option.value !== null)
          state = this.enterDirectory(option.value, state);
        else if (
          option.role === "preload" &&
          option.value !== null &&
          rule.preloadLookup !== undefined
        )
          this.resolvePreload(rule, option.value, state);
        else if (
          option.value !== null &&
          this.applyValueRole(option.role, option.value, state, depth)
        )
          return;
        index = option.next;
        continue;
      }
      if (!subcommandSeen && rule.subcommands !== undefined) {
        subcommandSeen = true;
        const subcommand = Object.hasOwn(rule.subcommands, text)
          ? rule.subcommands[text]
          : undefined;
        if (subcommand === "script") {
          index += 1;
          continue;
        }
        if (subcommand === "code") return;
        if (subcommand === "package") {
          this.report(
            words
              .slice(index)
              .map((each) => each.word.source)
              .join(" "),
            "runs a task or package not hashed here",
          );
          return;
        }
      }
      break;
    }
    const operands = words.slice(index);
    const [first, ...others] = operands;
    if (first === undefined) {
      if (!shellCode) this.readProgramFromStdin(label, rule, state, redirects, piped, depth);
      return;
    }
    if (shellCode) {
      this.followShellCode(first, state, depth, true);
      return;
    }
    this.resolveScript(label, rule, first, state);
    if (allScripts) for (const other of others) this.resolveScript(label, rule, other, state);
    // After an option that may or may not take a value, the next operand may be the script too.
    else if (ambiguous && others[0] !== undefined)
      this.resolveScript(label, rule, others[0], state);
  }

  // The paths a word names, as `resolveCode` adds them (one per directory a `cd` may leave).
  collectCode(word: EvaluatedWord, role: CodeRole, state: ShellState): string[] {
    const collected: string[] = [];
    this.#collected = collected;
    try {
      this.resolveCode(word, role, state);
    } finally {
      this.#collected = null;
    }
    return collected;
  }

  // An interpreter's script, looked up on disk as the interpreter does (see `scriptLookup`).
  resolveScript(
    label: string,
    rule: InterpreterRule,
    word: EvaluatedWord,
    state: ShellState,
  ): void {
    const lookup = this.#context.lookup;
    const paths = this.collectCode(word, "file", state);
    if (lookup === undefined || rule.scriptLookup === undefined) return;
    for (const file of paths) {
      if (rule.scriptLookup === "python") {
        this.observe(word.word.source, findPythonEntry(file, lookup), file);
        continue;
      }
      if (rule.scriptLookup === "node") {
        const found = findNodeEntry(file, lookup);
        this.observe(word.word.source, found, file);
        if (found.entry !== null)
          this.observe(word.word.source, findNodeTypeScope(found.entry, lookup));
        continue;
      }
      // tsx, ts-node, bun: an existing file runs as named; anything else by their own rules.
      if (lookup.kindOf(file) === "file") {
        this.observe(word.word.source, findNodeTypeScope(file, lookup));
      } else {
        this.report(
          word.word.source,
          `${label} looks up a path that is not a file by its own rules (extensions, index files, package.json), which are not followed here`,
          { file },
        );
      }
    }
  }

  // A preload given by path: node's lookup (`-r ./pre` loads pre.js), or the extensions tried.
  resolvePreload(
    rule: Pick<InterpreterRule, "preloadLookup">,
    word: EvaluatedWord,
    state: ShellState,
  ): void {
    const lookup = rule.preloadLookup;
    const paths = this.collectCode(word, "module", state);
    if (lookup === undefined) return;
    for (const file of paths) {
      if (lookup === "node") {
        if (this.#context.lookup === undefined) continue;
        const found = findNodeEntry(file, this.#context.lookup);
        this.observe(word.word.source, found, file);
        if (found.entry !== null)
          this.observe(word.word.source, findNodeTypeScope(found.entry, this.#context.lookup));
        continue;
      }
      if (lookup.some((extension) => file.endsWith(extension))) continue;
      // Hashing a candidate that does not exist is harmless: one that appears is noticed.
      this.observe(word.word.source, {
        entry: null,
        observed: lookup.map((extension) => file + extension),
        flags: [],
      });
    }
  }

  // Hashes what a lookup looked at (all but `named`, the path as the command names it, are
  // observations rather than scripts), its entry, and reports what it flagged.
  observe(label: string, found: EntryLookup, named?: string): void {
    if (found.entry !== null) this.addFile(found.entry);
    for (const file of found.observed) {
      if (!this.files.includes(file) && file !== named) this.observed.add(file);
      this.addFile(file);
    }
    for (const flag of found.flags)
      this.report(label, flag.reason, flag.file === undefined ? {} : { file: flag.file });
  }

  // Programs whose own configuration files run code (see `configuredCodeRules`).
  checkConfiguredCode(
    name: string,
    program: string,
    words: readonly EvaluatedWord[],
    state: ShellState,
  ): void {
    const key = /^python\d*(\.\d+)*$/.test(name)
      ? "python"
      : /^pip\d*(\.\d+)*$/.test(name)
        ? "pip"
        : name;
    const rule = Object.hasOwn(configuredCodeRules, key) ? configuredCodeRules[key] : undefined;
    if (rule === undefined) return;
    if (rule.outsideSystemOnly === true && (!program.includes("/") || isSystemProgram(program)))
      return;
    const first = words[1]?.value;
    if (first?.known === true && rule.safeSubcommands?.includes(first.text) === true) return;
    const label = words.map((word) => word.word.source).join(" ");
    for (const file of rule.files ?? []) {
      const absolute = file.startsWith("~/") ? path.join(this.#context.home, file.slice(2)) : file;
      const scripts = new Set(this.files);
      for (const found of this.collectCode(literal(absolute, label), "file", state)) {
        if (!scripts.has(found)) this.observed.add(found);
      }
    }
    if (rule.reason !== undefined) this.report(label, rule.reason);
  }

  // What an option's value does; true when the program is now known to be inline code or a module.
  applyValueRole(
    role: OptionRole,
    value: EvaluatedWord,
    state: ShellState,
    depth: number,
  ): boolean {
    switch (role) {
      case "code":
        if (!value.value.known)
          this.report(value.word.source, `inline code that is ${value.value.reason}`);
        return true;
      case "shell-code":
        this.followShellCode(value, state, depth, true);
        return true;
      case "module":
        this.resolveModule(value, state);
        return true;
      case "script":
        this.resolveCode(value, "file", state);
        return true;
      case "preload":
        this.resolveCode(value, "module", state);
        return false;
      case "config":
        this.resolveCode(value, "file", state);
        return false;
      case "ini": {
        const setting = value.value.known
          ? /^\s*(auto_prepend_file|auto_append_file|extension|zend_extension)\s*=\s*(.*)$/.exec(
              value.value.text,
            )
          : null;
        if (!value.value.known)
          this.report(value.word.source, `a PHP setting that is ${value.value.reason}`);
        else if (setting !== null) {
          const role = setting[1]?.startsWith("auto") ? "file" : "module";
          this.resolveCode(literal(setting[2] ?? "", value.word.source), role, state);
        }
        return false;
      }
      default:
        return false;
    }
  }

  readProgramFromStdin(
    label: string,
    rule: InterpreterRule,
    state: ShellState,
    redirects: readonly ShellRedirect[],
    piped: boolean,
    depth: number,
  ): void {
    const input = redirects
      .filter(
        (redirect) =>
          (redirect.descriptor === null || redirect.descriptor === "0") &&
          ["<", "<>", "<<", "<<-", "<<<", "<&"].includes(redirect.operator),
      )
      .at(-1);
    if (input === undefined) {
      if (piped) this.report(label, "the program is read from a pipe");
      return;
    }
    if (input.operator === "<" || input.operator === "<>") {
      this.resolveCode(this.evaluate(input.target, state), "file", state);
      return;
    }
    if (input.operator === "<&") {
      this.report(input.target.source, "the program is read from another file descriptor");
      return;
    }
    const code = input.body ?? input.target;
    const value = this.evaluate(code, state);
    if (rule.language === "shell") this.followShellCode(value, state, depth, true);
    else if (!value.value.known)
      this.report(code.source, `the program is read from text that is ${value.value.reason}`);
  }

  // Shell code given as a word (`sh -c '…'`, `trap '…' EXIT`): parsed and followed in turn.
  followShellCode(code: EvaluatedWord, state: ShellState, depth: number, isolated: boolean): void {
    if (!code.value.known) {
      this.report(code.word.source, `shell code that is ${code.value.reason}`);
      return;
    }
    this.followShellText(code.value.text, code.word.source, state, depth, isolated);
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
      return unchangedOutcome(state);
    }
    const after = this.walkList(parsed.script.statements, state, depth + 1);
    return isolated ? unchangedOutcome(state) : { success: after, failure: after };
  }

  // `python3 -m package.module`: the files it would be in the directory (found first) are hashed.
  resolveModule(word: EvaluatedWord, state: ShellState): void {
    const value = word.value;
    if (!value.known || !/^[\w.]+$/.test(value.text)) {
      this.report(
        word.word.source,
        `a module name that is ${value.known ? "not a plain name" : value.reason}`,
      );
      return;
    }
    const parts = value.text.split(".");
    const base = parts.join("/");
    const candidates = [`${base}.py`, `${base}/__main__.py`, `${base}/__init__.py`];
    for (let index = 1; index < parts.length; index += 1)
      candidates.push(`${parts.slice(0, index).join("/")}/__init__.py`);
    for (const candidate of candidates)
      this.resolveCode(literal(candidate, word.word.source), "file", state);
    this.report(
      word.word.source,
      "a module found on Python's module path: its files in the directory are hashed, an installed one is not",
    );
  }

  resolveCode(word: EvaluatedWord, role: CodeRole, state: ShellState): void {
    const value = word.value;
    if (!value.known) {
      this.report(word.word.source, value.reason);
      return;
    }
    const text = value.text;
    if (text === "") return;
    if (value.usesGitRoot && state.gitRootMoved) {
      this.report(word.word.source, "the git root, after a cd: git may find another repository");
      return;
    }
    if (!text.includes("/") && role !== "file") {
      if (role === "sourced") this.report(word.word.source, "a file the shell looks up on PATH");
      if (role === "module")
        this.report(word.word.source, "a module loaded by name from the interpreter's search path");
      if (role === "program" && state.pathChanged)
        this.report(word.word.source, "a program looked up on a PATH this command changes");
      return;
    }
    if (path.isAbsolute(text)) {
      this.addFile(path.resolve(text));
      return;
    }
    if (state.directories === null) {
      this.report(
        word.word.source,
        "a relative path after a cd to a directory not known before the shell runs",
      );
      return;
    }
    for (const directory of state.directories) this.addFile(path.resolve(directory, text));
  }

  addFile(file: string): void {
    this.#collected?.push(file);
    if (!this.files.includes(file)) this.files.push(file);
  }

  report(word: string, reason: string, known: Pick<NotHashedWord, "file" | "role"> = {}): void {
    const oneLine = word.replace(/\s*\n\s*/g, " ");
    const label = oneLine.length <= 80 ? oneLine : `${oneLine.slice(0, 79)}…`;
    if (!this.notHashed.some((entry) => entry.word === label && entry.reason === reason)) {
      this.notHashed.push({ word: label, reason, ...known });
    }
  }
}

function scopeOf(state: ShellState, context: ScriptAnalysisContext): WordScope {
  return {
    home: context.home,
    variables: state.variables,
    gitRoot: context.gitRoot,
    ...(context.gitRootUnknown !== undefined && { gitRootUnknown: context.gitRootUnknown }),
    directory: onlyDirectory(state.directories),
  };
}

// `python -s` and `-I` skip the user site-packages; a word that is not an option ends the search,
// so a value such as `-W s` is never read as the flag (missing a flag only hashes more).
function disablesUserSite(words: readonly EvaluatedWord[]): boolean {
  for (const word of words) {
    const text = textOf(word);
    if (!text.startsWith("-") || text === "-" || text === "--") return false;
    if (text.startsWith("--")) continue;
    for (const letter of text.slice(1)) {
      if ("sI".includes(letter)) return true;
      if ("cmWX".includes(letter)) return false;
    }
  }
  return false;
}

function textOf(word: EvaluatedWord | undefined): string {
  return word?.value.known === true ? word.value.text : "";
}

// Directories of the operating system's own programs (read-only to users).
const systemDirectories: ReadonlySet<string> = new Set([
  "/bin",
  "/sbin",
  "/usr/bin",
  "/usr/sbin",
  "/usr/local/bin",
  "/usr/local/sbin",
  "/opt/homebrew/bin",
]);

function isSystemProgram(program: string): boolean {
  return path.isAbsolute(program) && systemDirectories.has(path.dirname(path.resolve(program)));
}

// Programs whose own file is not what the hook's author wrote: interpreters and wrappers.
function isRunner(name: string): boolean {
  return (
    findInterpreterRule(name) !== undefined ||
    Object.hasOwn(wrapperRules, name) ||
    Object.hasOwn(taskRunners, name) ||
    packageRunners.has(name) ||
    ["env", "find", "parallel"].includes(name)
  );
}

function programName(program: string): string {
  return path.posix.basename(program.replaceAll("\\", "/")).replace(/\.exe$/i, "");
}

function findInterpreterRule(name: string): InterpreterRule | undefined {
  if (/^python\d*(\.\d+)*$/.test(name)) return interpreterRules.python;
  if (/^(?:ruby|perl|php|node)\d+(\.\d+)*$/.test(name))
    return interpreterRules[name.replace(/[\d.]+$/, "")];
  return Object.hasOwn(interpreterRules, name) ? interpreterRules[name] : undefined;
}
