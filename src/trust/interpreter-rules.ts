import { flagOptions, type OptionRole, type OptionTable } from "./command-rules.js";

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

const shellRule: InterpreterRule = {
  language: "shell",
  short: {
    ...flagOptions("abBCeEfhHiklmnprtTuvxPD"),
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
  short: { ...flagOptions("cihv"), e: "code", p: "code", r: "preload", C: "value" },
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
    ...flagOptions("TsHhvi"),
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
  short: { ...flagOptions("bBdEhiIOPqsSuvVxR?"), c: "code", m: "module", W: "value", X: "value" },
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
    ...flagOptions("acdlnpsSvwyhUT"),
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
    ...flagOptions("acnpsStTuUvVwWXh"),
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
    ...flagOptions("naehilmsvwHqC"),
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
  short: { ...flagOptions("Aqr"), c: "config", L: "value" },
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
  short: { ...flagOptions("ilnNpPv"), c: "code", C: "code", d: "value", o: "value" },
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
