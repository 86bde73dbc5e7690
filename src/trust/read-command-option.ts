import type { EvaluatedWord } from "../shell/evaluate-shell-word.js";
import type { ShellWord } from "../shell/shell-syntax.js";
import type { OptionRole, OptionTable } from "./command-rules.js";

/** One option read from a command's words: what it does, its value, and where the next word is. */
export interface CommandOption {
  role: OptionRole;
  /** The option's value word, when its role takes one. */
  value: EvaluatedWord | null;
  /** Index of the word after the option (and its value). */
  next: number;
  /** The option is not in the table: it may or may not take the next word as its value. */
  ambiguous: boolean;
}

const rolesWithValue: ReadonlySet<OptionRole> = new Set([
  "value",
  "shell-code",
  "code",
  "module",
  "preload",
  "config",
  "ini",
  "script",
  "directory",
  "split",
  "data",
  "placeholder",
  "program-file",
  "program-text",
  "library",
]);

// Roles that take two words: a name, then a value (`jq --arg name value`).
const rolesWithTwoValues: ReadonlySet<OptionRole> = new Set(["pair", "pair-data"]);

/**
 * Reads the option at `index` against a program's option table: a long `--name[=value]`, or a
 * cluster of short letters (`-uc`) where a letter that takes a value takes the rest of the
 * cluster (`-Wignore`, `-rjson`) or else the next word. An option the table does not know is
 * `ambiguous` when it could take the next word. Null when the word is not known.
 *
 * @example
 * readCommandOption(words, 1, interpreterRules.node); // `node -r ./pre.js main.js`
 * // → { role: "preload", value: <./pre.js>, next: 3, ambiguous: false }
 */
export function readCommandOption(
  words: readonly EvaluatedWord[],
  index: number,
  table: OptionTable,
): CommandOption | null {
  const word = words[index];
  if (word === undefined || !word.value.known) return null;
  const text = word.value.text;
  if (text.startsWith("--")) return readLongOption(words, index, text, table);
  const letters = text.slice(1);
  let lastRole: OptionRole = "flag";
  for (let position = 0; position < letters.length; position += 1) {
    const letter = letters[position] ?? "";
    const role = Object.hasOwn(table.short, letter) ? table.short[letter] : undefined;
    const rest = letters.slice(position + 1);
    if (role === undefined) {
      // An unknown letter may take the rest of the cluster, or the next word, as its value.
      return { role: "flag", value: null, next: index + 1, ambiguous: rest === "" };
    }
    if (role === "attached") return { role, value: null, next: index + 1, ambiguous: false };
    if (role === "attached-placeholder") {
      const value = rest === "" ? null : literal(rest, word.word.source);
      return { role, value, next: index + 1, ambiguous: false };
    }
    if (rolesWithValue.has(role)) {
      if (rest !== "") {
        return { role, value: literal(rest, word.word.source), next: index + 1, ambiguous: false };
      }
      return { role, value: words[index + 1] ?? null, next: index + 2, ambiguous: false };
    }
    if (role !== "flag") lastRole = role;
  }
  return { role: lastRole, value: null, next: index + 1, ambiguous: false };
}

function readLongOption(
  words: readonly EvaluatedWord[],
  index: number,
  text: string,
  table: OptionTable,
): CommandOption {
  const source = words[index]?.word.source ?? text;
  const equals = text.indexOf("=");
  const name = equals === -1 ? text : text.slice(0, equals);
  const known = Object.hasOwn(table.long, name) ? table.long[name] : undefined;
  // `--no-x` negates a boolean option: it takes no value.
  const role = known ?? (name.startsWith("--no-") ? "flag" : undefined);
  if (equals !== -1) {
    const takesValue =
      role !== undefined && (rolesWithValue.has(role) || role === "attached-placeholder");
    const value = takesValue ? literal(text.slice(equals + 1), source) : null;
    return { role: role ?? "value", value, next: index + 1, ambiguous: false };
  }
  if (role === undefined) return { role: "flag", value: null, next: index + 1, ambiguous: true };
  if (rolesWithTwoValues.has(role))
    return { role, value: words[index + 2] ?? null, next: index + 3, ambiguous: false };
  if (!rolesWithValue.has(role)) return { role, value: null, next: index + 1, ambiguous: false };
  return { role, value: words[index + 1] ?? null, next: index + 2, ambiguous: false };
}

/** A word already final (an argv word, a value split from an option), labelled by `source`. */
export function literal(text: string, source: string): EvaluatedWord {
  return { word: literalWord(text, source), value: { known: true, text, usesGitRoot: false } };
}

/** A word of literal text that is not expanded again. */
export function literalWord(text: string, source: string): ShellWord {
  return { source, parts: [{ kind: "literal", raw: text, quoting: "single" }] };
}
