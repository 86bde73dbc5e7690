import path from "node:path";
import type { HookCommand } from "../config/hook-definition.js";
import { type ShellWord, splitShellCommands } from "./split-shell-words.js";

/** Where a hook command's words are resolved: its working directory, home, and known variables. */
export interface ScriptResolutionOptions {
  cwd: string;
  home: string;
  /** Variables a `$NAME` in the command may expand to (such as a plugin's `PLUGIN_ROOT`). */
  env?: Readonly<Record<string, string>>;
  /** What `$(git rev-parse --show-toplevel)` prints in `cwd`, or null when it is not known. */
  gitRoot?: string | null;
}

/** How an interpreter takes its script: options that run inline code, options that take a value. */
interface InterpreterRules {
  /** Options whose presence means there is no script file (`-c`, `-e`, `-m`). */
  inline: readonly string[];
  /** Options that consume the next word as their value. */
  withValue: readonly string[];
  /** A subcommand that may come before the script (`deno run`, `bun run`). */
  subcommand?: string;
}

const shellRules: InterpreterRules = { inline: ["-c"], withValue: ["-o", "+o", "-O", "+O"] };
const nodeRules: InterpreterRules = {
  inline: ["-e", "--eval", "-p", "--print"],
  withValue: [
    "-r",
    "--require",
    "--import",
    "--loader",
    "--experimental-loader",
    "--env-file",
    "--input-type",
    "-C",
    "--conditions",
    "--title",
  ],
};
const typeScriptRules: InterpreterRules = {
  inline: ["-e", "--eval", "-p", "--print"],
  withValue: ["--tsconfig", "-r", "--require", "--import", "-P", "--project", "-O"],
};

const interpreters: Readonly<Record<string, InterpreterRules>> = {
  python: { inline: ["-c", "-m"], withValue: ["-W", "-X", "-Q"] },
  node: nodeRules,
  nodejs: nodeRules,
  bash: shellRules,
  sh: shellRules,
  zsh: shellRules,
  dash: shellRules,
  ksh: shellRules,
  fish: { inline: ["-c", "--command"], withValue: ["-C", "--init-command"] },
  ruby: { inline: ["-e"], withValue: ["-I", "-r"] },
  perl: { inline: ["-e", "-E"], withValue: ["-I"] },
  php: { inline: ["-r"], withValue: ["-d", "-c"] },
  deno: {
    inline: [],
    withValue: ["-c", "--config", "--import-map", "--lock", "--env-file", "--location"],
    subcommand: "run",
  },
  bun: {
    inline: ["-e", "--eval", "-p", "--print"],
    withValue: ["-r", "--preload", "--cwd"],
    subcommand: "run",
  },
  tsx: typeScriptRules,
  "ts-node": typeScriptRules,
};

// Commands that run the command after them unchanged, and reserved words that come before a
// command (`if ./check.sh; then ./fix.sh; fi`, `! ./a.sh`, `{ ./a.sh; }`).
const prefixCommands = new Set(["exec", "command", "nohup", "time"]);
const reservedWords = new Set([
  "!",
  "{",
  "}",
  "if",
  "then",
  "else",
  "elif",
  "fi",
  "while",
  "until",
  "do",
  "done",
]);
// Builtins that run a script file in the current shell.
const sourceCommands = new Set([".", "source"]);
// Builtins that change the directory later relative paths resolve against.
const directoryCommands = new Set(["cd", "pushd", "popd"]);

/** The scripts a hook command runs: the files known before the shell runs, and the others. */
export interface HookScripts {
  /** Absolute paths of the script files, in the order the command names them, each once. */
  files: string[];
  /**
   * The script words, as written, whose file is known only when the shell runs: a `$(…)` or
   * backtick substitution other than the git root, an unknown variable, a glob, a relative path
   * after a `cd` to an unknown directory, a name `.` looks up on `PATH`, or everything after a
   * here-document. A change to those files goes unnoticed by trust.
   */
  notHashed: string[];
}

/**
 * The first script file a hook command runs, as an absolute path, or null when it runs none
 * that can be known before the shell runs: the first of {@link resolveHookScripts}'s `files`.
 *
 * @example
 * resolveHookScript("python3 ~/.zerotwo/hooks/guard.py", { cwd: "/repo", home: "/home/me" });
 * // → "/home/me/.zerotwo/hooks/guard.py"
 */
export function resolveHookScript(
  command: HookCommand,
  options: ScriptResolutionOptions,
): string | null {
  return resolveHookScripts(command, options).files[0] ?? null;
}

/**
 * Every script file a hook command runs: the script of each simple command of a list or
 * pipeline (`a.sh && b.sh`, `a.sh; b.sh`, `a.sh | b.sh`, `(a.sh)`, `if a.sh; then b.sh; fi`).
 * A command's script is its program when that is a path (`./guard.sh`,
 * `~/.zerotwo/hooks/guard.sh`), the first non-option argument of an interpreter (`python3`,
 * `node`, `bash`, `sh`, `zsh`, `ruby`, `perl`, `deno run`, `bun`, `tsx`, `npx tsx`,
 * `/usr/bin/env python3`, also by absolute path such as `/usr/bin/python3`), or the file `.` and
 * `source` read. Relative paths resolve against `cwd`, or the directory a preceding top-level
 * `cd` went to; `~` and `$HOME` are `home`; `$NAME` expands from `env`;
 * `$(git rev-parse --show-toplevel)` is `gitRoot`. A bare program name (looked up on `PATH`) and
 * inline code (`bash -c`, `python3 -m`) run no script; a script word the engine cannot know is
 * listed in `notHashed`. Does not touch the file system.
 *
 * @example
 * resolveHookScripts("./a.sh && python3 b.py", { cwd: "/repo", home: "/home/me" });
 * // → { files: ["/repo/a.sh", "/repo/b.py"], notHashed: [] }
 */
export function resolveHookScripts(
  command: HookCommand,
  options: ScriptResolutionOptions,
): HookScripts {
  const scripts: HookScripts = { files: [], notHashed: [] };
  if (typeof command !== "string") {
    const script = findScriptWord(argvWords(command, options.home));
    if (script !== null) addScript(scripts, script, options.cwd, options.cwd);
    return scripts;
  }
  const list = splitShellCommands(command, {
    home: options.home,
    variables: options.env ?? {},
    gitRoot: options.gitRoot ?? null,
  });
  // A quote that is never closed is a syntax error: the shell runs nothing.
  if (list === null) return scripts;
  let directory: string | null = options.cwd;
  for (const simple of list.commands) {
    const start = skipPrefixes(simple.words, 0);
    const program = simple.words[start];
    if (program?.resolvable && directoryCommands.has(program.text)) {
      // A `cd` in a subshell or pipeline does not outlive it, but later commands of that
      // subshell run there: the directory is unknown from here on.
      const isolated = simple.depth > 0 || simple.piped;
      directory = isolated ? null : changeDirectory(simple.words.slice(start), directory, options);
      continue;
    }
    const script = findScriptWord(simple.words);
    if (script !== null) addScript(scripts, script, directory, options.cwd);
  }
  if (!list.complete) scripts.notHashed.push(describeRest(command));
  return scripts;
}

function addScript(
  scripts: HookScripts,
  script: ShellWord,
  directory: string | null,
  cwd: string,
): void {
  if (script.resolvable && script.text === "") return;
  // The git root was found from the hook's cwd; after a `cd` git may find another.
  const known =
    script.resolvable &&
    (!script.usesGitRoot || directory === cwd) &&
    (directory !== null || path.isAbsolute(script.text));
  if (!known) {
    if (!scripts.notHashed.includes(script.source)) scripts.notHashed.push(script.source);
    return;
  }
  const file = path.resolve(directory ?? "/", script.text);
  if (!scripts.files.includes(file)) scripts.files.push(file);
}

// `cd [-L|-P] [dir]`: the directory it goes to, or null when that cannot be known.
function changeDirectory(
  words: readonly ShellWord[],
  directory: string | null,
  options: ScriptResolutionOptions,
): string | null {
  if (words[0]?.text !== "cd" && words[0]?.text !== "pushd") return null;
  let index = 1;
  while (/^-[LPe@]+$/.test(words[index]?.text ?? "")) index += 1;
  if (words[index]?.text === "--") index += 1;
  const target = words[index];
  if (target === undefined) return words[0]?.text === "cd" ? options.home : null;
  // The git root was found from the hook's cwd: after another `cd` git may find another.
  const gitRootMoved = target.usesGitRoot && directory !== options.cwd;
  if (!target.resolvable || target.text === "-" || target.text === "" || gitRootMoved) {
    return null;
  }
  if (path.isAbsolute(target.text)) return path.resolve(target.text);
  return directory === null ? null : path.resolve(directory, target.text);
}

// What the split could not follow: from a here-document's `<<` on (else the whole command), on
// one line.
function describeRest(command: string): string {
  const start = command.indexOf("<<");
  const rest = (start === -1 ? command : command.slice(start)).replaceAll("\n", " ");
  return rest.length <= 60 ? rest : `${rest.slice(0, 59)}…`;
}

// An argv command runs without a shell: only a leading `~/` on the program is expanded (by the
// engine), and no other word is.
function argvWords(command: readonly string[], home: string): ShellWord[] {
  return command.map((text, index) => ({
    text: index === 0 && text.startsWith("~/") ? path.join(home, text.slice(2)) : text,
    resolvable: true,
    source: text,
    usesGitRoot: false,
  }));
}

// The script word of one simple command, resolvable or not; null when it runs no script.
function findScriptWord(words: readonly ShellWord[]): ShellWord | null {
  const index = skipPrefixes(words, 0);
  const program = words[index];
  if (program === undefined) return null;
  // A program the engine cannot know (`$(which x)`, `"$TOOL"`) may well be a script.
  if (!program.resolvable) return program;
  const name = programName(program.text);
  if (sourceCommands.has(program.text)) return findSourcedScript(words[index + 1]);
  if (name === "env") return findScriptWord(skipEnvOptions(words, index + 1));
  if (name === "npx" || name === "bunx") return findNpxScript(words, index + 1);
  const rules = interpreterRules(name);
  if (rules === undefined) return program.text.includes("/") ? program : null;
  return findInterpreterScript(words, index + 1, rules);
}

// Assignments, `exec`-like prefixes and reserved words before the program.
function skipPrefixes(words: readonly ShellWord[], start: number): number {
  let index = start;
  for (;;) {
    const word = words[index];
    if (word === undefined) return index;
    const reserved = reservedWords.has(word.text) || prefixCommands.has(word.text);
    if (/^[A-Za-z_]\w*=/.test(word.text) || (word.resolvable && reserved)) index += 1;
    else return index;
  }
}

// `. file` and `source file` look a name without a `/` up on `PATH`: only a path is known.
function findSourcedScript(word: ShellWord | undefined): ShellWord | null {
  if (word === undefined) return null;
  return word.text.includes("/") ? word : { ...word, resolvable: false };
}

// `env [-i] [-u NAME] [NAME=value]… program …`; `env -S` splits a string we do not follow, so
// that string is a script word that cannot be known.
function skipEnvOptions(words: readonly ShellWord[], start: number): ShellWord[] {
  let index = start;
  for (;;) {
    const text = words[index]?.text;
    if (text === undefined) return [];
    if (text === "-S" || text.startsWith("--split-string") || /^-[^-]*S/.test(text)) {
      const split = words[index + 1];
      const word = text === "-S" && split !== undefined ? split : words[index];
      return word === undefined ? [] : [{ ...word, resolvable: false }];
    }
    if (text === "-u" || text === "--unset" || text === "-C" || text === "--chdir") index += 2;
    else if (text === "--") return words.slice(index + 1);
    else if (text.startsWith("-") || /^[A-Za-z_]\w*=/.test(text)) index += 1;
    else return words.slice(index);
  }
}

// `npx [--yes] tsx script.ts`: only TypeScript runners are followed.
function findNpxScript(words: readonly ShellWord[], start: number): ShellWord | null {
  let index = start;
  while (words[index]?.text.startsWith("-")) index += 1;
  const runner = words[index];
  if (runner === undefined) return null;
  if (!runner.resolvable) return runner;
  const rules = interpreterRules(programName(runner.text));
  if (rules === undefined) return null;
  return findInterpreterScript(words, index + 1, rules);
}

function findInterpreterScript(
  words: readonly ShellWord[],
  start: number,
  rules: InterpreterRules,
): ShellWord | null {
  let index = start;
  let subcommandSeen = false;
  for (;;) {
    const word = words[index];
    if (word === undefined) return null;
    const text = word.text;
    if (text === "--") return words[index + 1] ?? null;
    if (text === "-") return null;
    if (text.startsWith("-") || (text.startsWith("+") && rules.withValue.includes(text))) {
      if (isInlineOption(text, rules)) return null;
      index += rules.withValue.includes(text) ? 2 : 1;
      continue;
    }
    if (rules.subcommand !== undefined && !subcommandSeen && text === rules.subcommand) {
      subcommandSeen = true;
      index += 1;
      continue;
    }
    return word;
  }
}

function isInlineOption(text: string, rules: InterpreterRules): boolean {
  if (rules.inline.includes(text)) return true;
  // A cluster of short options such as `-ec` or `-uc` includes the inline one; `-Wignore` is
  // an option with its value attached.
  if (/^-[A-Za-z]{2,}$/.test(text) && !rules.withValue.includes(text.slice(0, 2))) {
    return rules.inline.some(
      (option) => /^-[A-Za-z]$/.test(option) && text.includes(option[1] ?? ""),
    );
  }
  return false;
}

function programName(program: string): string {
  return path.posix.basename(program.replaceAll("\\", "/")).replace(/\.exe$/i, "");
}

function interpreterRules(name: string): InterpreterRules | undefined {
  if (/^python\d*(\.\d+)*$/.test(name)) return interpreters.python;
  return Object.hasOwn(interpreters, name) ? interpreters[name] : undefined;
}
