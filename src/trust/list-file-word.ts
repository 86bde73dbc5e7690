import path from "node:path";
import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import { flagWord, type ProgramFinding } from "./hook-finding.js";
import type { ShellState } from "./shell-state.js";

/**
 * A file word that is listed, never hashed (data a program reads, or a file a program not in the
 * tables is given): once per directory it may resolve against, unless that file is hashed
 * already (`isHashed`); the word itself when it is not known or the directory is not. Device
 * files (`/dev/…`) and an empty word are not listed.
 *
 * @example
 * listFileWord(literal("in.txt", "in.txt"), stateIn("/repo"), "a file the program reads as data", "data", () => false);
 * // → [{ word: "in.txt", file: "/repo/in.txt", role: "data", certain: false, … }]
 */
export function listFileWord(
  word: EvaluatedWord,
  state: ShellState,
  reason: string,
  role: "code" | "data",
  isHashed: (file: string) => boolean,
): ProgramFinding[] {
  const label = word.word.source;
  const roleField = role === "data" ? { role } : {};
  if (!word.value.known)
    return [flagWord(label, `${reason}, and the word is ${word.value.reason}`, roleField)];
  const text = word.value.text;
  if (text === "" || text.startsWith("/dev/")) return [];
  const candidates = path.isAbsolute(text)
    ? [path.resolve(text)]
    : (state.directories?.map((directory) => path.resolve(directory, text)) ?? null);
  if (candidates === null) {
    const unknown = `${reason} (after a cd to a directory not known before the shell runs)`;
    return [flagWord(label, unknown, roleField)];
  }
  return candidates
    .filter((file) => !isHashed(file))
    .map((file) => flagWord(label, reason, { file, ...roleField }));
}
