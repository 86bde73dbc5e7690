import path from "node:path";
import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { configuredCodeRules } from "./configured-code-rules.js";
import { findGitRepositoryFiles } from "./find-git-top-level.js";
import { flagWord, hashFile, type ProgramFinding } from "./hook-finding.js";

/** Where a program runs, as the walker knows it: the home and every directory it may be in. */
export interface ProgramContext {
  home: string;
  /** Every directory the shell may be in; null when not known before it runs. */
  directories: readonly string[] | null;
  /** True when the disk may be looked at (the analysis has a file lookup). */
  observing: boolean;
}

const systemDirectories: ReadonlySet<string> = new Set([
  "/bin",
  "/sbin",
  "/usr/bin",
  "/usr/sbin",
  "/usr/local/bin",
  "/usr/local/sbin",
  "/opt/homebrew/bin",
]);

/** Whether a program given by path lies in one of the system's program directories. */
export function isSystemProgram(program: string): boolean {
  return path.isAbsolute(program) && systemDirectories.has(path.dirname(path.resolve(program)));
}

/**
 * What a program's own configuration makes it run (see `configuredCodeRules`): the configuration
 * files hashed as candidates (`~/.jq`), or the command flagged with the reason; and for `git`, the
 * repository files it reads to find its repository, listed as data.
 *
 * @example
 * findConfiguredCode("git", "git", words, { home: "/home/me", directories: ["/repo"], observing: true });
 * // → [{ word: "git status", reason: "git runs programs its configuration names …", … }, …]
 */
export function findConfiguredCode(
  name: string,
  program: string,
  words: readonly EvaluatedWord[],
  context: ProgramContext,
): ProgramFinding[] {
  const findings = findConfiguredFiles(name, program, words, context);
  if (name === "git" && context.observing) findings.push(...findGitFiles(words, context));
  return findings;
}

function findConfiguredFiles(
  name: string,
  program: string,
  words: readonly EvaluatedWord[],
  context: ProgramContext,
): ProgramFinding[] {
  const key = /^python\d*(\.\d+)*$/.test(name)
    ? "python"
    : /^pip\d*(\.\d+)*$/.test(name)
      ? "pip"
      : name;
  const rule = Object.hasOwn(configuredCodeRules, key) ? configuredCodeRules[key] : undefined;
  if (rule === undefined) return [];
  if (rule.outsideSystemOnly === true && (!program.includes("/") || isSystemProgram(program)))
    return [];
  const first = words[1]?.value;
  if (first?.known === true && rule.safeSubcommands?.includes(first.text) === true) return [];
  const label = words.map((word) => word.word.source).join(" ");
  const findings: ProgramFinding[] = [];
  for (const file of rule.files ?? []) {
    if (file.startsWith("~/"))
      findings.push(hashFile(path.join(context.home, file.slice(2)), true));
    else if (path.isAbsolute(file)) findings.push(hashFile(file, true));
    else if (context.directories === null)
      findings.push(
        flagWord(label, `${name} reads ${file} in a directory not known before the shell runs`),
      );
    else
      for (const directory of context.directories)
        findings.push(hashFile(path.resolve(directory, file), true));
  }
  if (rule.reason !== undefined) findings.push(flagWord(label, rule.reason));
  return findings;
}

// git reads its repository's files (`.git/HEAD`, `.git/config`, a `.git` file, …) to find it:
// they are data, listed, not hashed (the top level it gives is found by agent-hooks instead).
function findGitFiles(words: readonly EvaluatedWord[], context: ProgramContext): ProgramFinding[] {
  const label = words.map((word) => word.word.source).join(" ");
  const reason =
    "read by git to find the repository; the top level it gives is computed by agent-hooks and checked at every load and before every run";
  let directories = context.directories;
  const option = words[1]?.value;
  const value = words[2]?.value;
  if (option?.known === true && option.text === "-C")
    directories =
      value?.known === true && directories !== null
        ? directories.map((directory) => path.resolve(directory, value.text))
        : null;
  if (directories === null)
    return [
      flagWord(label, `${reason} (in a directory not known before the shell runs)`, {
        role: "data",
      }),
    ];
  return directories.flatMap((directory) =>
    findGitRepositoryFiles(directory, context.home).map((file) =>
      flagWord(label, reason, { file, role: "data" }),
    ),
  );
}
