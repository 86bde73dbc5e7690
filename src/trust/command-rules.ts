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

/** Options that take no value, by their letters (`flagOptions("ab")`: `-a`, `-b`). */
export function flagOptions(letters: string): Record<string, OptionRole> {
  return Object.fromEntries([...letters].map((letter) => [letter, "flag" as const]));
}

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
  short: { ...flagOptions("yq"), c: "shell-code", p: "value" },
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
        ...flagOptions("BbdeiknpqrRsStwv"),
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
