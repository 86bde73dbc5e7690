/**
 * How a shell treats a word that comes first in a simple command: a reserved word of its grammar,
 * a special builtin (POSIX: an error in it ends a non-interactive shell, and assignments written
 * before it stay set in the shell), or a regular builtin.
 */
export type ShellBuiltinKind = "reserved" | "special" | "regular";

/** What a builtin does to the running shell, beyond printing: what a walk of the script follows. */
export type ShellBuiltinEffect =
  /** Reads a file into the current shell (`.`, `source`). */
  | "source"
  /** Changes the shell's directory (`cd`, `pushd`, `popd`, dash's `chdir`). */
  | "directory"
  /** The rest of the current shell does not run after it (`exit`, `return`, `exec` with a command). */
  | "exit"
  /** Runs its operands as a command, skipping functions or aliases (`command`, `builtin`, `exec`). */
  | "command"
  /** Runs an operand as shell code (`eval`, `trap`). */
  | "code"
  /** Sets variables (or positional parameters) named by its operands or options. */
  | "assign"
  /** Changes what a later command name runs (`alias`, `hash -p`, `enable -f`). */
  | "rename";

/** One first word a shell treats itself, as bash 5.2 and dash 0.5.12 report it (`type NAME`). */
export interface ShellBuiltin {
  /** Its kind in bash; absent when bash has no such word. */
  bash?: ShellBuiltinKind;
  /** Its kind in dash (Debian's and Ubuntu's `/bin/sh`); absent when dash has none. */
  dash?: ShellBuiltinKind;
  /** True when the program of the same name does exactly what the builtin does (`true`, `false`). */
  sameAsProgram?: true;
  effects?: readonly ShellBuiltinEffect[];
}

/**
 * Every reserved word and builtin of bash and dash, by name: `compgen -k` and `compgen -b` of bash
 * 5.2 (special builtins as `type` lists them in POSIX mode) and `type NAME` in dash 0.5.12. One
 * table for the direct-exec splitter (a command whose first word is here runs through the shell)
 * and for the trust walk (what each builtin does to the shell).
 */
export const shellBuiltins = {
  // Reserved words.
  "!": { bash: "reserved", dash: "reserved" },
  "{": { bash: "reserved", dash: "reserved" },
  "}": { bash: "reserved", dash: "reserved" },
  "[[": { bash: "reserved" },
  "]]": { bash: "reserved" },
  case: { bash: "reserved", dash: "reserved" },
  coproc: { bash: "reserved" },
  do: { bash: "reserved", dash: "reserved" },
  done: { bash: "reserved", dash: "reserved" },
  elif: { bash: "reserved", dash: "reserved" },
  else: { bash: "reserved", dash: "reserved" },
  esac: { bash: "reserved", dash: "reserved" },
  fi: { bash: "reserved", dash: "reserved" },
  for: { bash: "reserved", dash: "reserved", effects: ["assign"] },
  function: { bash: "reserved" },
  if: { bash: "reserved", dash: "reserved" },
  in: { bash: "reserved", dash: "reserved" },
  select: { bash: "reserved", effects: ["assign"] },
  // biome-ignore lint/suspicious/noThenProperty: the reserved word, as a key of a plain table.
  then: { bash: "reserved", dash: "reserved" },
  // dash has none: there `time` is the program /usr/bin/time.
  time: { bash: "reserved" },
  until: { bash: "reserved", dash: "reserved" },
  while: { bash: "reserved", dash: "reserved" },
  // Special builtins.
  ".": { bash: "special", dash: "special", effects: ["source"] },
  ":": { bash: "special", dash: "special" },
  break: { bash: "special", dash: "special" },
  continue: { bash: "special", dash: "special" },
  eval: { bash: "special", dash: "special", effects: ["code"] },
  exec: { bash: "special", dash: "special", effects: ["command", "exit"] },
  exit: { bash: "special", dash: "special", effects: ["exit"] },
  export: { bash: "special", dash: "special", effects: ["assign"] },
  local: { bash: "regular", dash: "special", effects: ["assign"] },
  readonly: { bash: "special", dash: "special", effects: ["assign"] },
  return: { bash: "special", dash: "special", effects: ["exit"] },
  set: { bash: "special", dash: "special", effects: ["assign"] },
  shift: { bash: "special", dash: "special", effects: ["assign"] },
  source: { bash: "special", effects: ["source"] },
  times: { bash: "special", dash: "special" },
  trap: { bash: "special", dash: "special", effects: ["code"] },
  unset: { bash: "special", dash: "special", effects: ["assign"] },
  // Regular builtins.
  "[": { bash: "regular", dash: "regular" },
  alias: { bash: "regular", dash: "regular", effects: ["rename"] },
  bg: { bash: "regular", dash: "regular" },
  bind: { bash: "regular" },
  builtin: { bash: "regular", effects: ["command"] },
  caller: { bash: "regular" },
  cd: { bash: "regular", dash: "regular", effects: ["directory"] },
  chdir: { dash: "regular", effects: ["directory"] },
  command: { bash: "regular", dash: "regular", effects: ["command"] },
  compgen: { bash: "regular" },
  complete: { bash: "regular" },
  compopt: { bash: "regular" },
  declare: { bash: "regular", effects: ["assign"] },
  dirs: { bash: "regular" },
  disown: { bash: "regular" },
  // dash's interprets backslashes, /bin/echo does not.
  echo: { bash: "regular", dash: "regular" },
  enable: { bash: "regular", effects: ["rename"] },
  false: { bash: "regular", dash: "regular", sameAsProgram: true },
  fc: { bash: "regular" },
  fg: { bash: "regular", dash: "regular" },
  getopts: { bash: "regular", dash: "regular", effects: ["assign"] },
  hash: { bash: "regular", dash: "regular", effects: ["rename"] },
  help: { bash: "regular" },
  history: { bash: "regular" },
  jobs: { bash: "regular", dash: "regular" },
  kill: { bash: "regular", dash: "regular" },
  let: { bash: "regular", effects: ["assign"] },
  logout: { bash: "regular" },
  mapfile: { bash: "regular", effects: ["assign"] },
  popd: { bash: "regular", effects: ["directory"] },
  printf: { bash: "regular", dash: "regular", effects: ["assign"] },
  pushd: { bash: "regular", effects: ["directory"] },
  pwd: { bash: "regular", dash: "regular" },
  read: { bash: "regular", dash: "regular", effects: ["assign"] },
  readarray: { bash: "regular", effects: ["assign"] },
  shopt: { bash: "regular" },
  suspend: { bash: "regular" },
  test: { bash: "regular", dash: "regular" },
  true: { bash: "regular", dash: "regular", sameAsProgram: true },
  type: { bash: "regular", dash: "regular" },
  typeset: { bash: "regular", effects: ["assign"] },
  ulimit: { bash: "regular", dash: "regular" },
  umask: { bash: "regular", dash: "regular" },
  unalias: { bash: "regular", dash: "regular", effects: ["rename"] },
  wait: { bash: "regular", dash: "regular" },
} as const satisfies Readonly<Record<string, ShellBuiltin>>;

/** A reserved word or builtin of bash or dash. */
export type ShellBuiltinName = keyof typeof shellBuiltins;

/**
 * The row of `name` in {@link shellBuiltins}, or null when neither bash nor dash treats it
 * itself (an own key only: `constructor` or `__proto__` is no builtin).
 *
 * @example
 * readShellBuiltin("cd"); // { bash: "regular", dash: "regular", effects: ["directory"] }
 * readShellBuiltin("node"); // null
 */
export function readShellBuiltin(name: string): ShellBuiltin | null {
  return Object.hasOwn(shellBuiltins, name) ? shellBuiltins[name as ShellBuiltinName] : null;
}
