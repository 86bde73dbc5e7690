import path from "node:path";
import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { findGitRootMove } from "./find-git-root-move.js";
import { flagWord, hashFile } from "./hook-finding.js";
import type { CodeRole, CommandStep } from "./program-step.js";
import { descriptorPath } from "./shell-descriptors.js";
import type { ShellState } from "./shell-state.js";

/**
 * The file a word names as code, as the shell or program would find it: hashed when certain
 * (relative to every directory the shell may be in), the program read from a descriptor for a
 * descriptor path (`sh /dev/fd/3 3< a.sh`), or flagged with the reason: a word not known, a path
 * under the git root once it may move, a bare name found on a search path, a path under /proc,
 * or a relative path after a cd to a directory not known.
 *
 * @example
 * resolveCodeWord(literal("a.sh", "a.sh"), "file", stateIn("/repo"), new Set());
 * // → [{ kind: "finding", finding: { file: "/repo/a.sh", certain: true, … } }]
 */
export function resolveCodeWord(
  word: EvaluatedWord,
  role: CodeRole,
  state: ShellState,
  environmentNames: ReadonlySet<string>,
): CommandStep[] {
  const flag = (reason: string): CommandStep[] => [
    { kind: "finding", finding: flagWord(word.word.source, reason) },
  ];
  const value = word.value;
  if (!value.known) return flag(value.reason);
  const text = value.text;
  if (text === "") return [];
  const moved = value.usesGitRoot ? findGitRootMove(state, environmentNames) : null;
  if (moved !== null) return flag(moved);
  if (!text.includes("/") && role !== "file") {
    if (role === "sourced") return flag("a file the shell looks up on PATH");
    if (role === "module")
      return flag("a module loaded by name from the interpreter's search path");
    if (role === "program" && state.pathChanged)
      return flag("a program looked up on a PATH this command changes");
    return [];
  }
  if (path.isAbsolute(text)) {
    const file = path.resolve(text);
    const named = descriptorPath.exec(file);
    if (named !== null || file === "/dev/stdin") {
      // The program is what that descriptor reads (`sh /dev/fd/3 3< a.sh`).
      const language = role === "sourced" ? "sourced" : "shell";
      const descriptor = named?.[1] ?? "0";
      return [{ kind: "descriptor-program", descriptor, label: word.word.source, language }];
    }
    if (file.startsWith("/proc/")) return flag("a path under /proc, which names another file");
    return [{ kind: "finding", finding: hashFile(file) }];
  }
  if (state.directories === null)
    return flag("a relative path after a cd to a directory not known before the shell runs");
  return state.directories.map((directory) => ({
    kind: "finding",
    finding: hashFile(path.resolve(directory, text)),
  }));
}
