import { flagOptions, type OptionRole, type OptionTable } from "./command-rules.js";

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
    ...flagOptions("bcCDghLMnNOPrsStV"),
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
    ...flagOptions("nrEsuzb"),
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
    ...flagOptions("nrjacsCMSReh"),
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
    short: { ...flagOptions("bdDinNv"), f: "program-file", c: "program-text" },
    long: {},
    startup: ["~/.expect.rc"],
  },
  lua: {
    ...scriptFirst,
    short: { ...flagOptions("iEvW"), e: "program-text", l: "library" },
    long: {},
    libraryPath: "LUA_PATH",
  },
  luajit: {
    ...scriptFirst,
    short: {
      ...flagOptions("iEv"),
      e: "program-text",
      l: "library",
      b: "value",
      j: "value",
      O: "value",
    },
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
      ...flagOptions("hvqi"),
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
      ...flagOptions("inqvVW"),
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
      ...flagOptions("hvq"),
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
    short: { ...flagOptions("qb"), x: "preload", d: "value", p: "value", c: "data" },
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
      ...flagOptions("EesnbRZmMhNVxyAHlTd"),
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
      ...flagOptions("EePQsGgi"),
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
    short: { ...flagOptions("hilqswv"), e: "program-text", f: "program-file" },
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
      ...flagOptions("qAtXeEnaxsSlwW"),
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
      ...flagOptions("BNrsstvEfqn"),
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
    short: { ...flagOptions("rdlt"), p: "program-file" },
    long: {},
  },
};
