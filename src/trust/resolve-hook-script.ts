import path from "node:path";
import type { HookCommand } from "../config/hook-definition.js";
import { type ShellWord, splitShellWords } from "./split-shell-words.js";

/** Where a hook command's words are resolved: its working directory, home, and known variables. */
export interface ScriptResolutionOptions {
  cwd: string;
  home: string;
  /** Variables a `$NAME` in the command may expand to (such as a plugin's `PLUGIN_ROOT`). */
  env?: Readonly<Record<string, string>>;
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

// Commands that run the command after them unchanged.
const prefixCommands = new Set(["exec", "command", "nohup"]);

/**
 * The script file a hook command runs, as an absolute path, or null when it runs none that can be
 * known before the shell runs. The script is the first word when it is a path (`./guard.sh`,
 * `~/.zerotwo/hooks/guard.sh`), or the first non-option argument of an interpreter (`python3`,
 * `node`, `bash`, `sh`, `zsh`, `ruby`, `perl`, `deno run`, `bun`, `tsx`, `npx tsx`,
 * `/usr/bin/env python3`, also by absolute path such as `/usr/bin/python3`). Relative paths
 * resolve against `cwd`; `~` and `$HOME` are `home`; `$NAME` expands from `env`. A bare program
 * name (looked up on `PATH`), inline code (`bash -c`, `python3 -m`), a `$(…)` or backtick
 * substitution, an unknown variable or a glob in the script word make it unresolvable (null).
 * Does not touch the file system.
 *
 * @example
 * resolveHookScript("python3 ~/.zerotwo/hooks/guard.py", { cwd: "/repo", home: "/home/me" });
 * // → "/home/me/.zerotwo/hooks/guard.py"
 */
export function resolveHookScript(
  command: HookCommand,
  options: ScriptResolutionOptions,
): string | null {
  const words =
    typeof command === "string"
      ? splitShellWords(command, { home: options.home, variables: options.env ?? {} })
      : argvWords(command, options.home);
  if (words === null) return null;
  const script = findScriptWord(words);
  if (script === null || !script.resolvable || script.text === "") return null;
  return path.resolve(options.cwd, script.text);
}

// An argv command runs without a shell: only a leading `~/` on the program is expanded (by the
// engine), and no other word is.
function argvWords(command: readonly string[], home: string): ShellWord[] {
  return command.map((text, index) => ({
    text: index === 0 && text.startsWith("~/") ? path.join(home, text.slice(2)) : text,
    resolvable: true,
  }));
}

function findScriptWord(words: readonly ShellWord[]): ShellWord | null {
  let index = skipAssignments(words, 0);
  while (words[index] !== undefined && prefixCommands.has(words[index]?.text ?? "")) {
    index = skipAssignments(words, index + 1);
  }
  const program = words[index];
  if (program === undefined || !program.resolvable) return null;
  const name = programName(program.text);
  if (name === "env") return findScriptWord(skipEnvOptions(words, index + 1));
  if (name === "npx" || name === "bunx") return findNpxScript(words, index + 1);
  const rules = interpreterRules(name);
  if (rules === undefined) return program.text.includes("/") ? program : null;
  return findInterpreterScript(words, index + 1, rules);
}

function skipAssignments(words: readonly ShellWord[], start: number): number {
  let index = start;
  while (/^[A-Za-z_]\w*=/.test(words[index]?.text ?? "")) index += 1;
  return index;
}

// `env [-i] [-u NAME] [NAME=value]… program …`; `env -S` splits a string we do not follow.
function skipEnvOptions(words: readonly ShellWord[], start: number): ShellWord[] {
  let index = start;
  for (;;) {
    const text = words[index]?.text;
    if (text === undefined) return [];
    if (text === "-S" || text.startsWith("--split-string") || /^-[^-]*S/.test(text)) return [];
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
  if (runner === undefined || !runner.resolvable) return null;
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
