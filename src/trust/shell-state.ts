import path from "node:path";

/** What the shell knows at one point of a command: where it is and what its variables hold. */
export interface ShellState {
  /** Every directory the shell may be in (more than one after a `cd` that may fail); null when not known. */
  directories: readonly string[] | null;
  /** Variables set so far; null for a value not known before the shell runs. */
  variables: ReadonlyMap<string, string | null>;
  /** True once a `cd` may have left the hook's directory: git may then find another root. */
  gitRootMoved: boolean;
  /** True once `PATH` may have changed: a bare program name may then be a script. */
  pathChanged: boolean;
  /**
   * True once code not followed here (`source`, `eval "$x"`) may have run in the shell: it may
   * have set any variable, or a trap or attribute that changes them later, so none is known again.
   */
  variablesUnknown: boolean;
  /** Variables that code running at any time (a function, a trap) or an attribute may change. */
  volatile: ReadonlySet<string>;
}

/** The states after a statement succeeds and after it fails; null for an outcome that cannot happen. */
export interface ShellOutcome {
  success: ShellState | null;
  failure: ShellState | null;
}

/**
 * The state a hook's command starts in: the hook's directory and the variables the engine gives
 * it (a PATH among them may make a bare program a script).
 */
export function startShellState(cwd: string, variables: ReadonlyMap<string, string>): ShellState {
  return {
    directories: [cwd],
    variables: new Map(variables),
    gitRootMoved: false,
    pathChanged: variables.has("PATH"),
    variablesUnknown: false,
    volatile: new Set(),
  };
}

/** A statement that changes nothing: both outcomes are the state it started in. */
export function unchangedOutcome(state: ShellState): ShellOutcome {
  return { success: state, failure: state };
}

/** The state after a statement whichever way it went; null when neither can happen. */
export function settleOutcome(outcome: ShellOutcome): ShellState | null {
  return mergeShellStates(outcome.success, outcome.failure);
}

/**
 * What is known when either state may hold: every directory of both (unknown if either is), the
 * variables both agree on, and any change to the git root or `PATH`.
 */
export function mergeShellStates(
  first: ShellState | null,
  second: ShellState | null,
): ShellState | null {
  if (first === null) return second;
  if (second === null || first === second) return first;
  const directories =
    first.directories === null || second.directories === null
      ? null
      : [...new Set([...first.directories, ...second.directories])];
  const variables = new Map(first.variables);
  for (const [name, value] of second.variables) {
    if (variables.get(name) !== value) variables.set(name, null);
  }
  for (const name of first.variables.keys()) {
    if (!second.variables.has(name)) variables.set(name, null);
  }
  return {
    directories,
    variables,
    gitRootMoved: first.gitRootMoved || second.gitRootMoved,
    pathChanged: first.pathChanged || second.pathChanged,
    variablesUnknown: first.variablesUnknown || second.variablesUnknown,
    volatile:
      first.volatile === second.volatile
        ? first.volatile
        : new Set([...first.volatile, ...second.volatile]),
  };
}

/**
 * The state after changing to `target` (an absolute path, a path relative to each possible
 * directory, or null when the target is not known), from a hook that started in `start`.
 */
export function changeDirectory(
  state: ShellState,
  target: string | null,
  start: string,
): ShellState {
  let directories: string[] | null;
  if (target === null) directories = null;
  else if (path.isAbsolute(target)) directories = [path.resolve(target)];
  else if (state.directories === null) directories = null;
  else
    directories = [
      ...new Set(state.directories.map((directory) => path.resolve(directory, target))),
    ];
  const moved = directories === null || directories.some((directory) => directory !== start);
  return {
    ...state,
    directories,
    gitRootMoved: state.gitRootMoved || moved,
    variables: new Map([
      ...state.variables,
      ["PWD", onlyDirectory(directories)],
      ["OLDPWD", onlyDirectory(state.directories)],
    ]),
  };
}

/**
 * The state with one variable set (null: to a value not known); a variable that may change at
 * any time, or any variable once code not followed here has run, is set to a value not known.
 */
export function assignVariable(state: ShellState, name: string, value: string | null): ShellState {
  const known = state.variablesUnknown || state.volatile.has(name) ? null : value;
  return {
    ...state,
    variables: new Map([...state.variables, [name, known]]),
    pathChanged: state.pathChanged || name === "PATH",
  };
}

/** The state with each of `names` set to a value not known; `all`: every variable. */
export function forgetVariables(state: ShellState, names: ReadonlySet<string> | "all"): ShellState {
  if (names === "all") return { ...state, variablesUnknown: true, pathChanged: true };
  if (names.size === 0) return state;
  const variables = new Map(state.variables);
  for (const name of names) variables.set(name, null);
  return { ...state, variables, pathChanged: state.pathChanged || names.has("PATH") };
}

/** Both outcomes with each of `names` set to a value not known (see {@link forgetVariables}). */
export function forgetInOutcome(
  outcome: ShellOutcome,
  names: ReadonlySet<string> | "all",
): ShellOutcome {
  if (names !== "all" && names.size === 0) return outcome;
  return {
    success: outcome.success === null ? null : forgetVariables(outcome.success, names),
    failure: outcome.failure === null ? null : forgetVariables(outcome.failure, names),
  };
}

/**
 * The state a child shell (`sh -c`) starts in: only exported variables (`isExported`) keep their
 * value, the others are not known (the child sees whatever its environment holds), and IFS
 * starts over.
 */
export function startChildShell(
  state: ShellState,
  isExported: (name: string) => boolean,
): ShellState {
  const variables = new Map<string, string | null>();
  for (const [name, value] of state.variables) {
    if (name === "IFS") continue;
    variables.set(name, isExported(name) ? value : null);
  }
  return { ...state, variables };
}

/** The state with `names` marked as changing at any time (and so not known from now on). */
export function markVolatile(state: ShellState, names: ReadonlySet<string> | "all"): ShellState {
  const forgotten = forgetVariables(state, names);
  if (names === "all" || names.size === 0) return forgotten;
  return { ...forgotten, volatile: new Set([...state.volatile, ...names]) };
}

/** True when `IFS` may differ from the default: unquoted expansions split in ways not known. */
export function isSplittingChanged(state: ShellState): boolean {
  return state.variablesUnknown || state.variables.has("IFS") || state.volatile.has("IFS");
}

/** The one directory the shell is in, or null when there may be several or it is not known. */
export function onlyDirectory(directories: readonly string[] | null): string | null {
  return directories !== null && directories.length === 1 ? (directories[0] ?? null) : null;
}
