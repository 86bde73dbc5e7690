/**
 * What an option of an interpreter or wrapper does with respect to the code that runs:
 * - `flag`: takes no value;
 * - `value`: takes a value that names no code;
 * - `attached`: takes a value only when attached (`perl -F:`, `xargs -i{}`), never the next word;
 * - `code`: its value is inline code; there is no script file (`node -e`, `python3 -c`);
 * - `shell-code`: its value is shell code, parsed in turn (`flock -c`, `su -c`);
 * - `shell-mode`: a shell's first operand is shell code (`sh -c`), parsed in turn;
 * - `module`: runs a module found by name instead of a script (`python3 -m`);
 * - `preload`: its value is code loaded before the script (`node -r`, `ruby -r`, `perl -M`);
 * - `config`: its value is a file that can load code (`node --env-file`, `php -c`, `make -f`);
 * - `ini`: a PHP `key=value` setting; `auto_prepend_file` and `auto_append_file` load code;
 * - `script`: its value is the script (`php -f`);
 * - `directory`: its value is the directory scripts resolve against (`env -C`, `ruby -C`);
 * - `split`: its value is split into a command (`env -S`);
 * - `stdin`: the program is read from stdin (`sh -s`);
 * - `scripts`: every operand is a script (`node --test`);
 * - `exec`: the rest is a command, not a shell string (`watch -x`);
 * - `data`: its value is a file only read as data (`xargs -a list`, `jq --slurpfile`);
 * - `placeholder`: its value is a string replaced at run time by items read then (`xargs -I {}`);
 * - `attached-placeholder`: the same, only when attached, else `{}` (`xargs -i`, `xargs -iX`);
 * - `program-file`: its value is a file of the program, one of several (`awk -f`, `sed -f`);
 * - `program-text`: its value is program text; the operands are then data (`sed -e`, `gawk -e`);
 * - `library`: its value is a file found on the program's search path (`gawk -i lib`);
 * - `pair`: takes two values that name no code (`jq --arg name value`);
 * - `pair-data`: takes a name and a file read as data (`jq --slurpfile name file`);
 * - `no-startup`: the program reads none of its start-up files (`gdb -nx`, `zsh -f`);
 * - `sandbox`: the program runs no shell commands (`sed --sandbox`, `gawk --sandbox`);
 * - `query`: the rest is only looked up, not run (`command -v jq`).
 */
export type OptionRole =
  | "flag"
  | "value"
  | "attached"
  | "code"
  | "shell-code"
  | "shell-mode"
  | "module"
  | "preload"
  | "config"
  | "ini"
  | "script"
  | "directory"
  | "split"
  | "stdin"
  | "scripts"
  | "exec"
  | "data"
  | "placeholder"
  | "attached-placeholder"
  | "program-file"
  | "program-text"
  | "library"
  | "pair"
  | "pair-data"
  | "no-startup"
  | "sandbox"
  | "query";

/** Options by their letter (`-r`) and by their long name with dashes (`--require`). */
export interface OptionTable {
  short: Readonly<Record<string, OptionRole>>;
  long: Readonly<Record<string, OptionRole>>;
}

/** An interpreter: how its options are read and where it finds the program it runs. */
export interface InterpreterRule extends OptionTable {
  /** `shell` code can be followed into; any other language's inline code is only hashed as text. */
  language: "shell" | "other";
  /** Words before the script that select what to do: `run` goes on to the script. */
  subcommands?: Readonly<Record<string, "script" | "code" | "package">>;
  /**
   * How it finds the script it is given by path (see lookup-interpreter-entry.ts): `node` as
   * node 20's CommonJS lookup (`x`, `x.js`, `x.json`, `x.node`, a directory's package.json
   * `main` or index) with the package.json that sets the module type; `python` (a directory runs
   * its `__main__`); `node-like` (tsx, ts-node, bun: an existing file as named, with the module
   * type's package.json; anything else by rules not followed, so flagged); absent: as named.
   */
  scriptLookup?: "node" | "node-like" | "python";
  /** How a preload given by path is found: node's lookup, or the extensions tried (`ruby -r ./pre`). */
  preloadLookup?: "node" | readonly string[];
}

/** A wrapper: a program that runs another command given after its options and operands. */
export interface WrapperRule extends OptionTable {
  /** Operands before the command (`timeout 10 …`, `flock lockfile …`). */
  operands: number;
  /** The rest is a `command`, a `shell` string joined from the words (`eval`), or `none`. */
  rest: "command" | "shell" | "none";
  /** A bare first word of the command is a script in the directory (`uv run hook.py`). */
  bareIsScript?: boolean;
  /** What the wrapper appends to the command as arguments at run time (`xargs`: items it reads). */
  appends?: string;
}

const flags = (letters: string): Record<string, OptionRole> =>
  Object.fromEntries([...letters].map((letter) => [letter, "flag" as const]));

const shellRule: InterpreterRule = {
  language: "shell",
  short: {
    ...flags("abBCeEfhHiklmnprtTuvxPD"),
    c: "shell-mode",
    s: "stdin",
    o: "value",
    O: "value",
  },
  long: {
    "--rcfile": "config",
    "--init-file": "config",
    "--norc": "flag",
    "--noprofile": "flag",
    "--login": "flag",
    "--posix": "flag",
    "--restricted": "flag",
    "--noediting": "flag",
    "--verbose": "flag",
    "--debugger": "flag",
    "--help": "flag",
    "--version": "flag",
  },
};

const nodeLong: Readonly<Record<string, OptionRole>> = {
  "--eval": "code",
  "--print": "code",
  "--require": "preload",
  "--import": "preload",
  "--loader": "preload",
  "--experimental-loader": "preload",
  "--env-file": "config",
  "--env-file-if-exists": "config",
  "--openssl-config": "config",
  "--experimental-config-file": "config",
  "--test": "scripts",
  "--input-type": "value",
  "--conditions": "value",
  "--title": "value",
  "--watch-path": "value",
  "--disable-warning": "value",
  "--unhandled-rejections": "value",
  "--max-old-space-size": "value",
  "--stack-size": "value",
  "--redirect-warnings": "value",
  "--diagnostic-dir": "value",
  "--report-dir": "value",
  "--dns-result-order": "value",
  "--experimental-default-type": "value",
  "--localstorage-file": "value",
  "--watch": "flag",
  "--inspect": "flag",
  "--inspect-brk": "flag",
  "--enable-source-maps": "flag",
  "--experimental-strip-types": "flag",
  "--experimental-transform-types": "flag",
  "--experimental-vm-modules": "flag",
  "--trace-warnings": "flag",
  "--trace-uncaught": "flag",
  "--trace-deprecation": "flag",
  "--throw-deprecation": "flag",
  "--pending-deprecation": "flag",
  "--expose-gc": "flag",
  "--abort-on-uncaught-exception": "flag",
  "--preserve-symlinks": "flag",
  "--preserve-symlinks-main": "flag",
  "--frozen-intrinsics": "flag",
  "--check": "flag",
  "--interactive": "flag",
  "--help": "flag",
  "--version": "flag",
};
const nodeRule: InterpreterRule = {
  language: "other",
  short: { ...flags("cihv"), e: "code", p: "code", r: "preload", C: "value" },
  long: nodeLong,
  scriptLookup: "node",
  preloadLookup: "node",
};
const tsxRule: InterpreterRule = {
  ...nodeRule,
  long: { ...nodeLong, "--tsconfig": "config" },
  subcommands: { watch: "script" },
  scriptLookup: "node-like",
};
const tsNodeRule: InterpreterRule = {
  scriptLookup: "node-like",
  preloadLookup: "node",
  language: "other",
  short: {
    ...flags("TsHhvi"),
    e: "code",
    p: "code",
    r: "preload",
    P: "config",
    O: "value",
    C: "value",
  },
  long: {
    "--eval": "code",
    "--print": "code",
    "--require": "preload",
    "--project": "config",
    "--compiler-options": "value",
    "--compiler": "value",
    "--cwd": "directory",
    "--transpile-only": "flag",
    "--esm": "flag",
    "--swc": "flag",
    "--files": "flag",
  },
};
const pythonRule: InterpreterRule = {
  scriptLookup: "python",
  language: "other",
  short: { ...flags("bBdEhiIOPqsSuvVxR?"), c: "code", m: "module", W: "value", X: "value" },
  long: {
    "--check-hash-based-pycs": "value",
    "--help": "flag",
    "--help-env": "flag",
    "--help-xoptions": "flag",
    "--help-all": "flag",
    "--version": "flag",
  },
};
const rubyRule: InterpreterRule = {
  // `require` tries `.rb`, then the platform's extension library.
  preloadLookup: [".rb", ".so", ".bundle", ".dll"],
  language: "other",
  short: {
    ...flags("acdlnpsSvwyhUT"),
    e: "code",
    r: "preload",
    I: "value",
    C: "directory",
    E: "value",
    F: "attached",
    i: "attached",
    x: "attached",
    "0": "attached",
    K: "attached",
    W: "attached",
  },
  long: {
    "--enable": "value",
    "--disable": "value",
    "--encoding": "value",
    "--external-encoding": "value",
    "--internal-encoding": "value",
    "--backtrace-limit": "value",
    "--dump": "value",
    "--jit": "flag",
    "--yjit": "flag",
    "--verbose": "flag",
    "--version": "flag",
    "--help": "flag",
  },
};
const perlRule: InterpreterRule = {
  language: "other",
  short: {
    ...flags("acnpsStTuUvVwWXh"),
    e: "code",
    E: "code",
    M: "preload",
    m: "preload",
    I: "attached",
    d: "attached",
    D: "attached",
    x: "attached",
    i: "attached",
    "0": "attached",
    l: "attached",
    F: "attached",
    C: "attached",
  },
  long: { "--help": "flag", "--version": "flag" },
};
const phpRule: InterpreterRule = {
  language: "other",
  short: {
    ...flags("naehilmsvwHqC"),
    r: "code",
    B: "code",
    R: "code",
    E: "code",
    F: "script",
    f: "script",
    d: "ini",
    c: "config",
    z: "preload",
    t: "value",
    S: "value",
  },
  long: {
    "--php-ini": "config",
    "--define": "ini",
    "--file": "script",
    "--run": "code",
    "--process-begin": "code",
    "--process-code": "code",
    "--process-file": "script",
    "--process-end": "code",
    "--zend-extension": "preload",
    "--no-php-ini": "flag",
    "--syntax-check": "flag",
  },
};
const denoRule: InterpreterRule = {
  language: "other",
  short: { ...flags("Aqr"), c: "config", L: "value" },
  long: {
    "--config": "config",
    "--import-map": "config",
    "--env-file": "config",
    "--preload": "preload",
    "--lock": "value",
    "--location": "value",
    "--cert": "value",
    "--seed": "value",
    "--ext": "value",
    "--log-level": "value",
    "--watch": "flag",
    "--check": "flag",
    "--reload": "flag",
    "--cached-only": "flag",
    "--quiet": "flag",
    "--no-prompt": "flag",
  },
  subcommands: { run: "script", test: "script", eval: "code", task: "package", x: "package" },
};
const bunRule: InterpreterRule = {
  scriptLookup: "node-like",
  language: "other",
  short: { e: "code", p: "code", r: "preload" },
  long: {
    "--eval": "code",
    "--print": "code",
    "--preload": "preload",
    "--env-file": "config",
    "--cwd": "directory",
    "--config": "config",
    "--tsconfig-override": "config",
    "--watch": "flag",
    "--hot": "flag",
    "--smol": "flag",
    "--bun": "flag",
    "--silent": "flag",
  },
  subcommands: { run: "script", test: "script", x: "package", exec: "package" },
};
const fishRule: InterpreterRule = {
  language: "other",
  short: { ...flags("ilnNpPv"), c: "code", C: "code", d: "value", o: "value" },
  long: {
    "--command": "code",
    "--init-command": "code",
    "--debug": "value",
    "--debug-output": "value",
    "--profile": "value",
    "--no-config": "flag",
    "--private": "flag",
    "--login": "flag",
    "--interactive": "flag",
    "--no-execute": "flag",
  },
};

/** Interpreters by program name (`python3.12` and `python` share Python's rule). */
export const interpreterRules: Readonly<Record<string, InterpreterRule>> = {
  sh: shellRule,
  bash: shellRule,
  dash: shellRule,
  zsh: shellRule,
  ksh: shellRule,
  mksh: shellRule,
  yash: shellRule,
  busybox: shellRule,
  node: nodeRule,
  nodejs: nodeRule,
  tsx: tsxRule,
  "ts-node": tsNodeRule,
  python: pythonRule,
  ruby: rubyRule,
  perl: perlRule,
  php: phpRule,
  deno: denoRule,
  bun: bunRule,
  fish: fishRule,
};

/** Wrappers by program name: each runs the command after its options and operands. */
export const wrapperRules: Readonly<Record<string, WrapperRule>> = {
  exec: { short: { a: "value", c: "flag", l: "flag" }, long: {}, operands: 0, rest: "command" },
  command: { short: { p: "flag", v: "query", V: "query" }, long: {}, operands: 0, rest: "command" },
  builtin: { short: {}, long: {}, operands: 0, rest: "command" },
  nohup: { short: {}, long: {}, operands: 0, rest: "command" },
  setsid: { short: flags("cfw"), long: {}, operands: 0, rest: "command" },
  unbuffer: { short: flags("p"), long: {}, operands: 0, rest: "command" },
  timeout: {
    short: { s: "value", k: "value", v: "flag" },
    long: {
      "--signal": "value",
      "--kill-after": "value",
      "--preserve-status": "flag",
      "--foreground": "flag",
      "--verbose": "flag",
    },
    operands: 1,
    rest: "command",
  },
  nice: { short: { n: "value" }, long: { "--adjustment": "value" }, operands: 0, rest: "command" },
  ionice: {
    short: { c: "value", n: "value", t: "flag" },
    long: { "--class": "value", "--classdata": "value", "--ignore": "flag" },
    operands: 0,
    rest: "command",
  },
  chrt: { short: flags("frobidamvRe"), long: {}, operands: 1, rest: "command" },
  taskset: {
    short: flags("ca"),
    long: { "--cpu-list": "flag", "--all-tasks": "flag" },
    operands: 1,
    rest: "command",
  },
  stdbuf: {
    short: { i: "value", o: "value", e: "value" },
    long: { "--input": "value", "--output": "value", "--error": "value" },
    operands: 0,
    rest: "command",
  },
  time: {
    short: { ...flags("pvaq"), f: "value", o: "value" },
    long: {
      "--format": "value",
      "--output": "value",
      "--portability": "flag",
      "--verbose": "flag",
      "--append": "flag",
      "--quiet": "flag",
    },
    operands: 0,
    rest: "command",
  },
  sudo: {
    short: {
      ...flags("AbEHiKklnPSsVv"),
      u: "value",
      g: "value",
      C: "value",
      h: "value",
      p: "value",
      r: "value",
      t: "value",
      U: "value",
      T: "value",
      D: "directory",
    },
    long: {
      "--user": "value",
      "--group": "value",
      "--chdir": "directory",
      "--preserve-env": "flag",
      "--login": "flag",
      "--shell": "flag",
      "--stdin": "flag",
      "--non-interactive": "flag",
      "--background": "flag",
      "--close-from": "value",
      "--prompt": "value",
      "--role": "value",
      "--type": "value",
      "--host": "value",
      "--other-user": "value",
      "--command-timeout": "value",
    },
    operands: 0,
    rest: "command",
  },
  doas: {
    short: { u: "value", C: "config", n: "flag", s: "flag" },
    long: {},
    operands: 0,
    rest: "command",
  },
  xargs: {
    short: {
      ...flags("0oprtx"),
      a: "data",
      d: "value",
      E: "value",
      I: "placeholder",
      L: "value",
      n: "value",
      P: "value",
      s: "value",
      e: "attached",
      i: "attached-placeholder",
      l: "attached",
    },
    long: {
      "--arg-file": "data",
      "--replace": "attached-placeholder",
      "--delimiter": "value",
      "--max-args": "value",
      "--max-procs": "value",
      "--max-chars": "value",
      "--process-slot-var": "value",
      "--null": "flag",
      "--interactive": "flag",
      "--no-run-if-empty": "flag",
      "--verbose": "flag",
      "--exit": "flag",
      "--open-tty": "flag",
      "--show-limits": "flag",
    },
    operands: 0,
    rest: "command",
    appends: "items xargs reads from its input",
  },
  flock: {
    short: { ...flags("nsxuoFv"), w: "value", E: "value", c: "shell-code" },
    long: {
      "--wait": "value",
      "--timeout": "value",
      "--conflict-exit-code": "value",
      "--command": "shell-code",
      "--nonblock": "flag",
      "--shared": "flag",
      "--exclusive": "flag",
      "--unlock": "flag",
      "--close": "flag",
      "--no-fork": "flag",
      "--verbose": "flag",
    },
    operands: 1,
    rest: "command",
  },
  watch: {
    short: { ...flags("dgtbepc"), n: "value", x: "exec" },
    long: {
      "--interval": "value",
      "--differences": "flag",
      "--chgexit": "flag",
      "--no-title": "flag",
      "--beep": "flag",
      "--errexit": "flag",
      "--precise": "flag",
      "--color": "flag",
      "--exec": "exec",
    },
    operands: 0,
    rest: "shell",
  },
  eval: { short: {}, long: {}, operands: 0, rest: "shell" },
  su: {
    short: { ...flags("lmp"), c: "shell-code", s: "config", g: "value", G: "value" },
    long: { "--command": "shell-code", "--shell": "config", "--login": "flag" },
    operands: 0,
    rest: "none",
  },
  runuser: {
    short: { ...flags("lmp"), c: "shell-code", s: "config", g: "value", G: "value", u: "value" },
    long: { "--command": "shell-code", "--shell": "config", "--login": "flag" },
    operands: 0,
    rest: "none",
  },
  script: {
    short: {
      ...flags("aefqtk"),
      c: "shell-code",
      E: "value",
      o: "value",
      I: "value",
      O: "value",
      T: "value",
      B: "value",
    },
    long: { "--command": "shell-code" },
    operands: 0,
    rest: "none",
  },
  "uv run": {
    short: { ...flags("q"), p: "value", w: "value" },
    long: {
      "--python": "value",
      "--with": "value",
      "--with-requirements": "config",
      "--env-file": "config",
      "--directory": "directory",
      "--project": "value",
      "--package": "value",
      "--extra": "value",
      "--group": "value",
      "--script": "flag",
      "--no-project": "flag",
      "--frozen": "flag",
      "--locked": "flag",
      "--isolated": "flag",
      "--quiet": "flag",
    },
    operands: 0,
    rest: "command",
    bareIsScript: true,
  },
  "poetry run": { short: {}, long: {}, operands: 0, rest: "command", bareIsScript: true },
  "pipenv run": { short: {}, long: {}, operands: 0, rest: "command", bareIsScript: true },
};

/** `env`'s options: `-C` changes directory, `-S` splits its value into the command. */
export const envOptions: OptionTable = {
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

/** Package runners: the first operand is a package binary unless it is a known interpreter. */
export const packageRunners: ReadonlySet<string> = new Set([
  "npx",
  "bunx",
  "pnpx",
  "pnpm exec",
  "pnpm dlx",
  "npm exec",
  "yarn exec",
  "yarn dlx",
]);

/** Options of package runners: `-c` runs a shell string, `-p` names a package. */
export const packageRunnerOptions: OptionTable = {
  short: { ...flags("yq"), c: "shell-code", p: "value" },
  long: {
    "--call": "shell-code",
    "--package": "value",
    "--yes": "flag",
    "--no": "flag",
    "--quiet": "flag",
    "--prefix": "directory",
    "--no-install": "flag",
    "--silent": "flag",
  },
};

/**
 * Task runners: the files in the directory that define what they run (hashed), and their
 * options (`make -f other.mk`, `make -C dir`).
 */
export const taskRunners: Readonly<
  Record<string, { files: readonly string[]; options: OptionTable }>
> = {
  make: {
    files: ["GNUmakefile", "makefile", "Makefile"],
    options: {
      short: {
        ...flags("BbdeiknpqrRsStwv"),
        f: "config",
        C: "directory",
        I: "value",
        j: "attached",
        l: "attached",
        o: "value",
        W: "value",
      },
      long: {
        "--file": "config",
        "--makefile": "config",
        "--directory": "directory",
        "--include-dir": "value",
      },
    },
  },
  "npm run": { files: ["package.json"], options: { short: {}, long: { "--prefix": "directory" } } },
  "npm test": {
    files: ["package.json"],
    options: { short: {}, long: { "--prefix": "directory" } },
  },
  "npm start": {
    files: ["package.json"],
    options: { short: {}, long: { "--prefix": "directory" } },
  },
  "pnpm run": {
    files: ["package.json"],
    options: { short: { C: "directory" }, long: { "--dir": "directory" } },
  },
  "yarn run": { files: ["package.json"], options: { short: {}, long: { "--cwd": "directory" } } },
  just: {
    files: ["justfile", "Justfile", ".justfile"],
    options: {
      short: { f: "config", d: "directory" },
      long: { "--justfile": "config", "--working-directory": "directory" },
    },
  },
  rake: {
    files: ["Rakefile", "rakefile", "Rakefile.rb"],
    options: {
      short: { f: "config", C: "directory" },
      long: { "--rakefile": "config", "--directory": "directory" },
    },
  },
  task: {
    files: ["Taskfile.yml", "Taskfile.yaml", "taskfile.yml"],
    options: {
      short: { t: "config", d: "directory" },
      long: { "--taskfile": "config", "--dir": "directory" },
    },
  },
};

/**
 * Environment variables that make a program load code: a file it sources or preloads, options
 * that preload a module, or a search path that changes which module or program a name finds.
 */
export const codeLoadingVariables: Readonly<
  Record<
    string,
    | "file"
    | "file-list"
    | "node-options"
    | "ruby-options"
    | "perl-options"
    | "search-path"
    | "shell-code"
  >
> = {
  BASH_ENV: "file",
  ENV: "file",
  PYTHONSTARTUP: "file",
  LD_PRELOAD: "file-list",
  LD_AUDIT: "file-list",
  DYLD_INSERT_LIBRARIES: "file-list",
  NODE_OPTIONS: "node-options",
  RUBYOPT: "ruby-options",
  PERL5OPT: "perl-options",
  PATH: "search-path",
  PYTHONPATH: "search-path",
  PYTHONHOME: "search-path",
  PYTHONUSERBASE: "search-path",
  NODE_PATH: "search-path",
  RUBYLIB: "search-path",
  PERL5LIB: "search-path",
  PERLLIB: "search-path",
  LD_LIBRARY_PATH: "search-path",
  DYLD_LIBRARY_PATH: "search-path",
  GEM_PATH: "search-path",
  GEM_HOME: "search-path",
  PROMPT_COMMAND: "shell-code",
  R_PROFILE_USER: "file",
  PSQLRC: "file",
  AWKPATH: "search-path",
  AWKLIBPATH: "search-path",
  LUA_PATH: "search-path",
  LUA_CPATH: "search-path",
  LUA_INIT: "search-path",
  R_LIBS: "search-path",
  R_LIBS_USER: "search-path",
  JULIA_DEPOT_PATH: "search-path",
  JULIA_LOAD_PATH: "search-path",
  GUILE_LOAD_PATH: "search-path",
  BC_ENV_ARGS: "search-path",
  MYSQL_HOME: "search-path",
};

/** A variable that exports a bash function (`BASH_FUNC_name%%=() { …; }`): its body runs as shell code. */
export const exportedFunctionVariable = /^BASH_FUNC_.+%%$/;

/** Builtins that read a script file into the current shell. */
export const sourceCommands: ReadonlySet<string> = new Set([".", "source"]);

/** Builtins that change the shell's directory. */
export const directoryCommands: ReadonlySet<string> = new Set(["cd", "pushd", "popd"]);

/** Builtins after which the rest of the current shell does not run. */
export const exitCommands: ReadonlySet<string> = new Set(["exit", "return", "exec"]);

/**
 * A program that runs code from files, or only reads its files as data, and is not an
 * interpreter of the tables above: what its options and operands are.
 * - `first`: the first operand when no option gave the program: the `script` (`tclsh a.tcl`),
 *   inline program `text` (`awk '{…}'`, `sed 's/…/'`), `data`, or a plain `argument`;
 * - `rest`: the other operands: `data` files read, more `scripts` (`m4 a.m4 b.m4`), or plain
 *   `arguments` the program is given (`tclsh a.tcl x`);
 * - `stdin`: with no program given, its input is the `program` (`bc < a.bc`) or `data`;
 * - `startup`: files it reads at start unless a `no-startup` option is given (`~/` is home,
 *   `./` the directory), and `startupNotHashed`: why some start-up code is not hashed;
 * - `suffixes`: names it also tries for a program file without `/` (`gawk -f x` → `x.awk`);
 * - `textLoads`, `textRunsShell`: inline program text that loads files or runs shell commands;
 * - `libraryPath`: where a `library` option's bare name is looked up;
 * - `specialValues`: values of a `program-file` option that name no file (`vim -u NONE`).
 */
export interface ProgramRule extends OptionTable {
  first: "script" | "text" | "data" | "argument";
  /** The operands after the first: data files, scripts, plain arguments, or program text each. */
  rest: "data" | "scripts" | "arguments" | "texts";
  stdin: "program" | "data";
  startup?: readonly string[];
  startupNotHashed?: string;
  suffixes?: readonly string[];
  textLoads?: RegExp;
  textRunsShell?: RegExp;
  libraryPath?: string;
  specialValues?: Readonly<Record<string, "no-startup" | "none">>;
  /** Operands of the form `name=value` are assignments, not files (`awk -f a.awk x=1`). */
  assignments?: boolean;
}

const awkShort: Readonly<Record<string, OptionRole>> = {
  f: "program-file",
  v: "value",
  F: "value",
  W: "value",
};
// gawk's own options; mawk and busybox awk take `-W` long forms instead.
const gawkRule: ProgramRule = {
  short: {
    ...awkShort,
    ...flags("bcCDghLMnNOPrsStV"),
    e: "program-text",
    E: "program-file",
    i: "library",
    l: "library",
    d: "attached",
    o: "attached",
    p: "attached",
  },
  long: {
    "--file": "program-file",
    "--exec": "program-file",
    "--source": "program-text",
    "--include": "library",
    "--load": "library",
    "--assign": "value",
    "--field-separator": "value",
    "--sandbox": "sandbox",
    "--posix": "flag",
    "--traditional": "flag",
  },
  first: "text",
  rest: "data",
  stdin: "data",
  suffixes: [".awk"],
  libraryPath: "AWKPATH (the directory first, then the system's)",
  // `@include`, and `getline < "file"`, which reads a file the command does not name.
  textLoads: /@(?:include|load|namespace)\b|\bgetline\b[^;\n}]*</,
  // `system(…)`, `print | "cmd"`, `"cmd" | getline`: a single `|` (not `||`) starts a command.
  textRunsShell: /\bsystem\s*\(|(?:^|[^|])\|(?:[^|]|$)/,
  assignments: true,
};
const sedRule: ProgramRule = {
  short: {
    ...flags("nrEsuzb"),
    f: "program-file",
    e: "program-text",
    l: "value",
    i: "attached",
  },
  long: {
    "--file": "program-file",
    "--expression": "program-text",
    "--line-length": "value",
    "--quiet": "flag",
    "--silent": "flag",
    "--regexp-extended": "flag",
    "--separate": "flag",
    "--unbuffered": "flag",
    "--null-data": "flag",
    "--in-place": "flag",
    "--posix": "flag",
    "--debug": "flag",
    "--follow-symlinks": "flag",
    "--sandbox": "sandbox",
  },
  first: "text",
  rest: "data",
  stdin: "data",
  // GNU sed's `e` command, or an `s` command's `e` flag, runs shell commands.
  textRunsShell: /(?:^|[;\n{}!\d$/\s])e(?=$|[\s;}])|[^\w\s][gpiImM\d]*e[gpiImM\d]*(?=$|[\s;}])/m,
};
const scriptFirst = {
  first: "script",
  rest: "arguments",
  stdin: "program",
} as const satisfies Partial<ProgramRule>;
const jqRule: ProgramRule = {
  short: {
    ...flags("nrjacsCMSReh"),
    f: "program-file",
    L: "value",
  },
  long: {
    "--from-file": "program-file",
    "--arg": "pair",
    "--argjson": "pair",
    "--slurpfile": "pair-data",
    "--rawfile": "pair-data",
    "--indent": "value",
    "--args": "flag",
    "--jsonargs": "flag",
    "--tab": "flag",
    "--seq": "flag",
    "--stream": "flag",
    "--slurp": "flag",
    "--raw-input": "flag",
    "--null-input": "flag",
    "--raw-output": "flag",
    "--join-output": "flag",
    "--compact-output": "flag",
    "--exit-status": "flag",
    "--sort-keys": "flag",
    "--ascii-output": "flag",
  },
  first: "text",
  rest: "data",
  stdin: "data",
  // jq sources ~/.jq into every program when it is a file.
  startup: ["~/.jq"],
  textLoads: /\b(?:import|include)\s*"/,
};

/**
 * Programs by name that run code from files (awk, GNU sed, tclsh, jq -f, gdb -x, vim -S, …) or
 * only read them as data (cat, grep, …): see {@link ProgramRule}.
 */
export const programRules: Readonly<Record<string, ProgramRule>> = {
  awk: gawkRule,
  gawk: gawkRule,
  mawk: gawkRule,
  nawk: gawkRule,
  sed: sedRule,
  gsed: sedRule,
  jq: jqRule,
  tclsh: { ...scriptFirst, short: {}, long: { "-encoding": "value" } },
  wish: { ...scriptFirst, short: {}, long: {} },
  expect: {
    ...scriptFirst,
    short: { ...flags("bdDinNv"), f: "program-file", c: "program-text" },
    long: {},
    startup: ["~/.expect.rc"],
  },
  lua: {
    ...scriptFirst,
    short: { ...flags("iEvW"), e: "program-text", l: "library" },
    long: {},
    libraryPath: "LUA_PATH",
  },
  luajit: {
    ...scriptFirst,
    short: { ...flags("iEv"), e: "program-text", l: "library", b: "value", j: "value", O: "value" },
    long: {},
  },
  Rscript: {
    ...scriptFirst,
    short: { e: "program-text" },
    long: {
      "--vanilla": "no-startup",
      "--no-init-file": "no-startup",
      "--default-packages": "value",
      "--verbose": "flag",
      "--no-environ": "flag",
      "--no-site-file": "flag",
    },
    startup: ["./.Rprofile", "~/.Rprofile"],
  },
  julia: {
    ...scriptFirst,
    short: {
      ...flags("hvqi"),
      e: "program-text",
      E: "program-text",
      L: "preload",
      J: "config",
      t: "value",
      p: "value",
      O: "value",
    },
    long: {
      "--eval": "program-text",
      "--print": "program-text",
      "--load": "preload",
      "--sysimage": "config",
      "--project": "value",
      "--threads": "value",
      "--procs": "value",
      "--optimize": "value",
      "--color": "value",
      "--quiet": "flag",
      "--startup-file=no": "no-startup",
      "--startup-file": "value",
      "--history-file": "value",
    },
    startup: ["~/.julia/config/startup.jl"],
  },
  racket: {
    ...scriptFirst,
    short: {
      ...flags("inqvVW"),
      f: "program-file",
      t: "program-file",
      r: "program-file",
      u: "program-file",
      e: "program-text",
      l: "library",
      S: "value",
      A: "value",
      X: "value",
    },
    long: {
      "--load": "program-file",
      "--require": "program-file",
      "--eval": "program-text",
      "--lib": "library",
    },
  },
  guile: {
    ...scriptFirst,
    short: {
      ...flags("hvq"),
      s: "program-file",
      l: "program-file",
      c: "program-text",
      e: "value",
      L: "value",
      C: "value",
      x: "value",
    },
    long: {
      "--no-auto-compile": "flag",
      "--auto-compile": "flag",
      "--debug": "flag",
      "--listen": "flag",
    },
  },
  osascript: {
    ...scriptFirst,
    short: { e: "program-text", l: "value", s: "value", i: "flag" },
    long: {},
  },
  gdb: {
    first: "script",
    rest: "data",
    stdin: "data",
    short: { ...flags("qb"), x: "preload", d: "value", p: "value", c: "data" },
    long: {
      "-x": "preload",
      "--command": "preload",
      "-ex": "value",
      "--eval-command": "value",
      "-ix": "preload",
      "--init-command": "preload",
      "-iex": "value",
      "--init-eval-command": "value",
      "-batch": "flag",
      "--batch": "flag",
      "-nx": "no-startup",
      "--nx": "no-startup",
      "-n": "no-startup",
      "-nh": "flag",
      "-q": "flag",
      "--quiet": "flag",
      "--args": "flag",
      "-p": "value",
      "--pid": "value",
    },
    startup: ["~/.gdbinit", "~/.config/gdb/gdbinit"],
  },
  vim: {
    first: "data",
    rest: "data",
    stdin: "data",
    short: {
      ...flags("EesnbRZmMhNVxyAHlTd"),
      S: "program-file",
      u: "program-file",
      U: "value",
      c: "program-text",
      i: "value",
      w: "value",
      W: "value",
      r: "flag",
    },
    long: {
      "--cmd": "program-text",
      "--clean": "no-startup",
      "--noplugin": "flag",
      "--not-a-term": "flag",
    },
    startup: ["~/.vimrc", "~/.vim/vimrc", "~/.exrc"],
    specialValues: { NONE: "no-startup", NORC: "none", DEFAULTS: "none" },
    startupNotHashed:
      "vim loads plugins from ~/.vim and its runtime path at start, and those are not hashed",
  },
  emacs: {
    first: "data",
    rest: "data",
    stdin: "data",
    short: {
      l: "program-file",
      f: "value",
      q: "no-startup",
      Q: "no-startup",
      L: "value",
      t: "value",
      d: "value",
    },
    long: {
      "--script": "program-file",
      "--load": "program-file",
      "--eval": "program-text",
      "--execute": "program-text",
      "--funcall": "value",
      "--batch": "no-startup",
      "--no-init-file": "no-startup",
      "--quick": "no-startup",
      "--directory": "value",
    },
    startup: [
      "~/.emacs",
      "~/.emacs.el",
      "~/.emacs.d/early-init.el",
      "~/.emacs.d/init.el",
      "~/.config/emacs/init.el",
    ],
  },
  m4: {
    first: "script",
    rest: "scripts",
    stdin: "program",
    short: {
      ...flags("EePQsGgi"),
      D: "value",
      U: "value",
      I: "value",
      l: "value",
      d: "attached",
      R: "program-file",
      F: "value",
      o: "value",
      t: "value",
    },
    long: {
      "--reload-state": "program-file",
      "--freeze-state": "value",
      "--include": "value",
      "--define": "value",
    },
  },
  bc: {
    first: "script",
    rest: "scripts",
    stdin: "program",
    short: { ...flags("hilqswv"), e: "program-text", f: "program-file" },
    long: { "--mathlib": "flag", "--quiet": "flag", "--standard": "flag", "--warn": "flag" },
  },
  dc: {
    first: "script",
    rest: "scripts",
    stdin: "program",
    short: { e: "program-text", f: "program-file" },
    long: { "--expression": "program-text", "--file": "program-file" },
  },
  // Database clients run their input as client commands, which include running shell commands.
  psql: {
    first: "argument",
    rest: "arguments",
    stdin: "program",
    short: {
      ...flags("qAtXeEnaxsSlwW"),
      f: "program-file",
      c: "program-text",
      d: "value",
      h: "value",
      p: "value",
      U: "value",
      o: "value",
      v: "value",
      F: "value",
      R: "value",
      T: "value",
      P: "value",
      L: "value",
    },
    long: { "--file": "program-file", "--command": "program-text", "--no-psqlrc": "no-startup" },
    startup: ["~/.psqlrc"],
  },
  mysql: {
    first: "argument",
    rest: "arguments",
    stdin: "program",
    short: {
      ...flags("BNrsstvEfqn"),
      e: "program-text",
      u: "value",
      h: "value",
      P: "value",
      D: "value",
      S: "value",
    },
    long: {
      "--execute": "program-text",
      "--no-defaults": "no-startup",
      "--defaults-file": "program-file",
      "--defaults-extra-file": "program-file",
    },
    startup: ["~/.my.cnf", "~/.mylogin.cnf"],
  },
  sqlite3: {
    first: "data",
    rest: "texts",
    // Dot-commands that read files or load extensions, and those that run a shell.
    textLoads: /\.(?:read|import|load|open|restore|clone|archive|ar)\b/,
    textRunsShell: /\.(?:shell|system)\b|\.(?:once|output)\s+['"]?\|/,
    stdin: "program",
    short: {},
    long: {
      "-init": "program-file",
      "-cmd": "program-text",
      "-batch": "flag",
      "-bail": "flag",
      "-json": "flag",
      "-line": "flag",
      "-csv": "flag",
      "-header": "flag",
      "-readonly": "flag",
      "-separator": "value",
    },
    startup: ["~/.sqliterc"],
  },
  hash: {
    first: "argument",
    rest: "arguments",
    stdin: "data",
    short: { ...flags("rdlt"), p: "program-file" },
    long: {},
  },
};

const dataReader: ProgramRule = { first: "data", rest: "data", stdin: "data", short: {}, long: {} };
const noFiles: ProgramRule = {
  first: "argument",
  rest: "arguments",
  stdin: "data",
  short: {},
  long: {},
};

/** Programs that only read their file operands as data: those files are listed, never hashed. */
export const dataReaders: Readonly<Record<string, ProgramRule>> = Object.fromEntries(
  [
    "cat",
    "tac",
    "head",
    "tail",
    "grep",
    "egrep",
    "fgrep",
    "zgrep",
    "rg",
    "wc",
    "sort",
    "uniq",
    "diff",
    "cmp",
    "comm",
    "cut",
    "paste",
    "join",
    "nl",
    "od",
    "xxd",
    "hexdump",
    "base64",
    "md5sum",
    "sha1sum",
    "sha256sum",
    "sha512sum",
    "b2sum",
    "cksum",
    "shasum",
    "file",
    "strings",
    "less",
    "more",
    "fold",
    "fmt",
    "column",
    "iconv",
    "cp",
    "yq",
    "xmllint",
    "tr",
    "expand",
  ].map((name) => [name, dataReader]),
);

/** Programs and builtins that take no file to read or run as an operand (`echo`, `mkdir`, `rm`). */
export const programsWithoutFiles: Readonly<Record<string, ProgramRule>> = Object.fromEntries(
  [
    "echo",
    "printf",
    "true",
    "false",
    "test",
    "[",
    ":",
    "mkdir",
    "rm",
    "rmdir",
    "mv",
    "touch",
    "ln",
    "chmod",
    "chown",
    "tee",
    "sleep",
    "kill",
    "mktemp",
    "basename",
    "dirname",
    "realpath",
    "readlink",
    "pwd",
    "date",
    "export",
    "unset",
    "set",
    "shift",
    "read",
    "wait",
    "which",
    "type",
    "umask",
    "ulimit",
    "local",
    "declare",
    "typeset",
    "readonly",
    "stat",
    "ls",
    "du",
    "df",
    "uname",
    "id",
    "whoami",
    "hostname",
    "shopt",
    "unalias",
    "let",
    "return",
    "exit",
    "break",
    "continue",
    "getopts",
    "jobs",
    "disown",
    "seq",
    "yes",
    "notify-send",
    "logger",
  ].map((name) => [name, noFiles]),
);

/**
 * Shells' start-up files (`~/` is the home the shell is given, `$ZDOTDIR/` zsh's): read by every
 * run (`always`), by a login shell (`-l`, `--login`) or by an interactive one (`-i`), unless an
 * option in `none`, `noLogin` or `noInteractive` is given. `notHashed`: start-up code read from
 * places that are not hashed.
 */
export interface ShellStartupRule {
  always: readonly string[];
  login: readonly string[];
  interactive: readonly string[];
  none: readonly string[];
  noLogin: readonly string[];
  noInteractive: readonly string[];
  /**
   * Read even when not interactive, as an rc file, when stdin is a socket and SHLVL is unset (bash
   * does, and node's stdio pipes are socket pairs), unless an option in `noSocket` is given; hashed
   * as candidates.
   */
  socket?: readonly string[];
  noSocket?: readonly string[];
  notHashed?: string;
}

const profileOnly: ShellStartupRule = {
  always: [],
  login: ["~/.profile"],
  interactive: [],
  none: [],
  noLogin: [],
  noInteractive: [],
};

/** Start-up files by shell (bash, sh, dash, zsh, ksh, mksh, yash, fish). */
export const shellStartupRules: Readonly<Record<string, ShellStartupRule>> = {
  bash: {
    always: [],
    login: ["~/.bash_profile", "~/.bash_login", "~/.profile"],
    interactive: ["~/.bashrc"],
    none: [],
    noLogin: ["--noprofile"],
    noInteractive: ["--norc", "--rcfile", "--init-file"],
    socket: ["~/.bashrc"],
    noSocket: ["--norc", "--posix", "--rcfile", "--init-file"],
  },
  // `sh` is dash on Debian and bash in POSIX mode on macOS: both read ~/.profile as a login
  // shell; interactive, they read $ENV (followed where it is set).
  sh: profileOnly,
  dash: profileOnly,
  ksh: { ...profileOnly, interactive: ["~/.kshrc"] },
  mksh: { ...profileOnly, interactive: ["~/.mkshrc"] },
  yash: { ...profileOnly, login: ["~/.yash_profile"], interactive: ["~/.yashrc"] },
  zsh: {
    always: ["$ZDOTDIR/.zshenv"],
    login: ["$ZDOTDIR/.zprofile", "$ZDOTDIR/.zlogin"],
    interactive: ["$ZDOTDIR/.zshrc"],
    none: ["-f", "--no-rcs"],
    noLogin: [],
    noInteractive: [],
  },
  fish: {
    always: ["$XDG_CONFIG_HOME/fish/config.fish"],
    login: [],
    interactive: [],
    none: ["-N", "--no-config"],
    noLogin: [],
    noInteractive: [],
    notHashed:
      "fish also runs every file in ~/.config/fish/conf.d and the functions it autoloads from ~/.config/fish/functions at start, and those are not hashed",
  },
};
