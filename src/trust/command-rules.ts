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
      a: "value",
      d: "value",
      E: "value",
      I: "value",
      L: "value",
      n: "value",
      P: "value",
      s: "value",
      e: "attached",
      i: "attached",
      l: "attached",
    },
    long: {
      "--arg-file": "value",
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
    "file" | "file-list" | "node-options" | "ruby-options" | "perl-options" | "search-path"
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
};

/** Builtins that read a script file into the current shell. */
export const sourceCommands: ReadonlySet<string> = new Set([".", "source"]);

/** Builtins that change the shell's directory. */
export const directoryCommands: ReadonlySet<string> = new Set(["cd", "pushd", "popd"]);

/** Builtins after which the rest of the current shell does not run. */
export const exitCommands: ReadonlySet<string> = new Set(["exit", "return", "exec"]);
