import path from "node:path";
import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import type { ProgramContext } from "./find-configured-code.js";
import { flagWord, hashFile, type ProgramFinding } from "./hook-finding.js";
import { readWordText } from "./read-word-text.js";
import { shellStartupRules } from "./shell-startup-rules.js";

/** A program's context with the variables it is given (`HOME`, `ZDOTDIR`, …). */
export interface StartupContext extends ProgramContext {
  /** A variable's value as the program sees it: null when not known, undefined when not set. */
  variable(name: string): string | null | undefined;
}

/**
 * A start-up file's path (`~/x`, `$ZDOTDIR/x`, `$XDG_CONFIG_HOME/x`) under the home or variable
 * the program is given: the hashed file (every directory it may be relative to), or a flag when
 * that home or variable is not known before the shell runs.
 *
 * @example
 * findStartupFile("~/.profile", context, "sh"); // → [{ file: "/home/me/.profile", certain: true, … }]
 */
export function findStartupFile(
  file: string,
  context: StartupContext,
  program: string,
  observed = false,
): ProgramFinding[] {
  const home = context.variable("HOME");
  const homeText = home === undefined ? context.home : home;
  const [, variable, rest] = /^(?:\$(\w+)|~)\/(.*)$/.exec(file) ?? [];
  let target = file;
  if (rest !== undefined) {
    let base: string | null | undefined = homeText;
    if (variable !== undefined) {
      base = context.variable(variable);
      if (base === undefined)
        base =
          homeText === null
            ? null
            : variable === "XDG_CONFIG_HOME"
              ? `${homeText}/.config`
              : homeText;
    }
    if (base === null || base === "")
      return [
        flagWord(
          `${program} ${file}`,
          `${program} reads start-up files under ${variable === undefined ? "$HOME" : `$${variable}`}, whose value is not known before the shell runs`,
        ),
      ];
    target = path.join(base, rest);
  }
  if (path.isAbsolute(target)) {
    const absolute = path.resolve(target);
    if (absolute.startsWith("/proc/"))
      return [flagWord(file, "a path under /proc, which names another file")];
    return [hashFile(absolute, observed)];
  }
  if (context.directories === null)
    return [
      flagWord(file, "a relative path after a cd to a directory not known before the shell runs"),
    ];
  return context.directories.map((directory) =>
    hashFile(path.resolve(directory, target), observed),
  );
}

/**
 * The start-up files a shell reads (see `shellStartupRules`): zsh's .zshenv always, a login
 * shell's profile, an interactive shell's rc file, and bash's ~/.bashrc as a candidate (read when
 * stdin is a socket and SHLVL is unset). Options are read up to the first operand (`bash -lc '…'`
 * is a login shell).
 *
 * @example
 * findShellStartupFiles("bash", words("-l", "-c", "true"), context);
 * // → ~/.bash_profile, ~/.bash_login, ~/.profile hashed
 */
export function findShellStartupFiles(
  name: string,
  words: readonly EvaluatedWord[],
  context: StartupContext,
): ProgramFinding[] {
  const rule = Object.hasOwn(shellStartupRules, name) ? shellStartupRules[name] : undefined;
  if (rule === undefined) return [];
  const options = new Set<string>();
  for (let index = 0; index < words.length; index += 1) {
    const text = readWordText(words[index]);
    if (text === "--" || !/^[-+]/.test(text) || text === "-" || text === "+") break;
    if (text.startsWith("--")) options.add(text.split("=")[0] ?? text);
    else if (text.startsWith("-")) {
      for (const letter of text.slice(1)) options.add(`-${letter}`);
      // `-o name`, `-O name` take the next word.
      if (/[oO]$/.test(text)) index += 1;
    } else if (/[oO]$/.test(text)) index += 1;
  }
  if (rule.none.some((option) => options.has(option))) return [];
  const login = options.has("-l") || options.has("--login");
  const interactive = options.has("-i") || options.has("--interactive");
  const files = [...rule.always];
  if (login && !rule.noLogin.some((option) => options.has(option))) files.push(...rule.login);
  if (interactive && !rule.noInteractive.some((option) => options.has(option)))
    files.push(...rule.interactive);
  const findings = files.flatMap((file) => findStartupFile(file, context, name));
  // A candidate observed, as the lookups' are: only when the disk may be looked at.
  const posix = options.has("-o") && words.some((word) => readWordText(word) === "posix");
  if (context.observing && !posix && !(rule.noSocket ?? []).some((option) => options.has(option)))
    for (const file of rule.socket ?? [])
      findings.push(...findStartupFile(file, context, name, true));
  if (rule.notHashed !== undefined) findings.push(flagWord(name, rule.notHashed));
  return findings;
}
