/** The settings of a git config file that decide where a repository's work tree is. */
export interface GitCoreConfig {
  bare: boolean | null;
  worktree: string | null;
  repositoryFormatVersion: number;
  /** The `extensions.*` names set (lowercase), with their values. */
  extensions: ReadonlyMap<string, string | true>;
}

/** A config file read with certainty, or why it was not. */
export type GitCoreConfigReading =
  | { certain: true; config: GitCoreConfig }
  | { certain: false; reason: string };

// Extensions git 2.39 knows; another one may make git refuse the repository.
const knownExtensions = new Set([
  "noop",
  "noop-v1",
  "preciousobjects",
  "partialclone",
  "worktreeconfig",
  "objectformat",
  "refstorage",
  "compatobjectformat",
]);

const blankOrComment = /^[ \t]*(?:[#;].*)?$/;
const sectionHeader = /^[ \t]*\[([A-Za-z0-9.-]+)(?:[ \t]+"([^"\\\n]*)")?\][ \t]*(?:[#;].*)?$/;
const keyLine = /^[ \t]*([A-Za-z][A-Za-z0-9-]*)[ \t]*(?:=(.*))?$/;

/**
 * Reads `core.bare`, `core.worktree`, `core.repositoryformatversion` and `extensions.*` from
 * the text of a repository's config file, accepting only a strict subset of git's syntax: one
 * `[section]` or `[section "sub"]` header or `key = value` per line, values without quotes or
 * backslashes (so no value continues on the next line), and no `include`/`includeIf`. Any other
 * line makes the reading uncertain, with the reason, rather than guessed.
 *
 * @example
 * readGitCoreConfig("[core]\n\tbare = false\n\tworktree = ../w\n");
 * // → { certain: true, config: { bare: false, worktree: "../w", repositoryFormatVersion: 0, … } }
 */
export function readGitCoreConfig(text: string): GitCoreConfigReading {
  let section: string | null = null;
  let bare: boolean | null = null;
  let worktree: string | null = null;
  let version = "0";
  const extensions = new Map<string, string | true>();
  const uncertain = (line: number, why: string) =>
    ({ certain: false, reason: `line ${line} ${why}` }) as const;
  const lines = text.split("\n");
  for (const [index, raw] of lines.entries()) {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    const number = index + 1;
    if (blankOrComment.test(line)) continue;
    const header = sectionHeader.exec(line);
    if (header !== null) {
      const name = (header[1] ?? "").toLowerCase();
      if (name.startsWith("include")) return uncertain(number, "includes another config file");
      section = header[2] === undefined ? name : `${name}\u0000${header[2]}`;
      continue;
    }
    const entry = keyLine.exec(line);
    if (entry === null || section === null)
      return uncertain(number, "is not in the plain form read here");
    const rawValue = entry[2];
    if (rawValue !== undefined && /["\\]/.test(rawValue))
      return uncertain(number, "has a quoted or escaped value");
    const value: string | true =
      rawValue === undefined ? true : rawValue.replace(/[#;].*$/, "").trim();
    const key = (entry[1] ?? "").toLowerCase();
    if (section === "core" && key === "bare") {
      const parsed = readBoolean(value);
      if (parsed === null) return uncertain(number, "sets core.bare to a value not read here");
      bare = parsed;
    } else if (section === "core" && key === "worktree") {
      if (value === true || value === "" || value.startsWith("~"))
        return uncertain(number, "sets core.worktree to a value not read here");
      worktree = value;
    } else if (section === "core" && key === "repositoryformatversion") {
      version = value === true ? "" : value;
    } else if (section === "extensions") {
      extensions.set(key, value);
    }
  }
  if (version !== "0" && version !== "1")
    return { certain: false, reason: `core.repositoryformatversion is ${version || "empty"}` };
  for (const name of extensions.keys()) {
    if (!knownExtensions.has(name))
      return { certain: false, reason: `the extension extensions.${name} is not known here` };
  }
  return {
    certain: true,
    config: { bare, worktree, repositoryFormatVersion: Number(version), extensions },
  };
}

function readBoolean(value: string | true): boolean | null {
  if (value === true) return true;
  if (/^(?:true|yes|on|1)$/i.test(value)) return true;
  if (/^(?:false|no|off|0|)$/i.test(value)) return false;
  return null;
}
