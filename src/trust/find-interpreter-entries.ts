import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { flagWord, hashFile, type ProgramFinding } from "./hook-finding.js";
import type { InterpreterRule } from "./interpreter-rules.js";
import {
  type EntryLookup,
  type FileLookup,
  findNodeEntry,
  findNodeTypeScope,
  findPythonEntry,
} from "./lookup-interpreter-entry.js";

/**
 * What an interpreter runs for the script paths a word names (`paths`, one per directory), looked
 * up on disk as it does (see `scriptLookup`): node's and Python's lookups, or tsx's, ts-node's and
 * bun's (an existing file as named, anything else flagged), each with the package.json that sets
 * the module type. Without a lookup or a `scriptLookup`, the paths stand as named: nothing more.
 *
 * @example
 * findScriptEntries("node", nodeRule, word, ["/repo/guard"], diskFileLookup);
 * // guard.js exists → [hash /repo/guard.js, hash /repo/guard (observed), …]
 */
export function findScriptEntries(
  label: string,
  rule: InterpreterRule,
  word: EvaluatedWord,
  paths: readonly string[],
  lookup: FileLookup | undefined,
): ProgramFinding[] {
  if (lookup === undefined || rule.scriptLookup === undefined) return [];
  const source = word.word.source;
  const findings: ProgramFinding[] = [];
  for (const file of paths) {
    if (rule.scriptLookup === "python") {
      findings.push(...listEntryFindings(source, findPythonEntry(file, lookup), file));
    } else if (rule.scriptLookup === "node") {
      findings.push(...findNodeEntryFindings(source, file, lookup));
    } else if (lookup.kindOf(file) === "file") {
      // tsx, ts-node, bun: an existing file runs as named; anything else by their own rules.
      findings.push(...listEntryFindings(source, findNodeTypeScope(file, lookup)));
    } else {
      const reason = `${label} looks up a path that is not a file by its own rules (extensions, index files, package.json), which are not followed here`;
      findings.push(flagWord(source, reason, { file }));
    }
  }
  return findings;
}

/**
 * What a preload given by path loads (`paths`, one per directory): node's lookup (`-r ./pre`
 * loads pre.js), or each extension the interpreter tries (`ruby -r ./pre` → pre.rb), hashed as a
 * candidate: one that appears later is noticed.
 *
 * @example
 * findPreloadEntries({ preloadLookup: [".rb"] }, word, ["/repo/pre"], diskFileLookup);
 * // → [hash /repo/pre.rb (observed)]
 */
export function findPreloadEntries(
  rule: Pick<InterpreterRule, "preloadLookup">,
  word: EvaluatedWord,
  paths: readonly string[],
  lookup: FileLookup | undefined,
): ProgramFinding[] {
  const extensions = rule.preloadLookup;
  if (extensions === undefined) return [];
  const source = word.word.source;
  const findings: ProgramFinding[] = [];
  for (const file of paths) {
    if (extensions === "node") {
      if (lookup !== undefined) findings.push(...findNodeEntryFindings(source, file, lookup));
      continue;
    }
    if (extensions.some((extension) => file.endsWith(extension))) continue;
    for (const candidate of extensions.map((extension) => file + extension))
      findings.push(hashFile(candidate, true));
  }
  return findings;
}

/**
 * A lookup's findings: its entry hashed, every path it looked at hashed as observed (all but
 * `named`, the path as the command names it), and what it flagged, under the word `label`.
 */
export function listEntryFindings(
  label: string,
  found: EntryLookup,
  named?: string,
): ProgramFinding[] {
  return [
    ...(found.entry === null ? [] : [hashFile(found.entry)]),
    ...found.observed.map((file) => hashFile(file, file !== named)),
    ...found.flags.map((flag) =>
      flagWord(label, flag.reason, flag.file === undefined ? {} : { file: flag.file }),
    ),
  ];
}

// node's lookup of a path, then the package.json that sets the module type of what it found.
function findNodeEntryFindings(label: string, file: string, lookup: FileLookup): ProgramFinding[] {
  const found = findNodeEntry(file, lookup);
  return [
    ...listEntryFindings(label, found, file),
    ...(found.entry === null
      ? []
      : listEntryFindings(label, findNodeTypeScope(found.entry, lookup))),
  ];
}
