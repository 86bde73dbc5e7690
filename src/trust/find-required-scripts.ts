import path from "node:path";
import type { Finding } from "./hook-finding.js";

/** A file a hook's command certainly runs, so a missing one means the hook cannot work. */
export interface RequiredScript {
  /** Absolute path of the file. */
  file: string;
  /** True for a program run by its path (it must be executable); false for a script given to an interpreter. */
  executable: boolean;
}

/**
 * The files a hook's first command certainly runs, picked from the analysis's findings: its
 * program when given by path (`./guard.sh`, `"$CLAUDE_PROJECT_DIR"/hooks/x.sh`), or else the one
 * script its interpreter is given (`python3 x.py`). `words` are that first command's words (null
 * when one cannot be known before the shell runs: nothing is required); only the findings it
 * produced (`leading`) count. A file that is one of several candidates (after a `cd`, an option
 * read two ways, a module, a task file) is never required, nor anything when that command names
 * code that is not hashed (a file it only reads as data leaves it certain).
 *
 * @example
 * findRequiredScripts(findings, ["python3", "x.py"], "/repo"); // → [{ file: "/repo/x.py", executable: false }]
 */
export function findRequiredScripts(
  findings: readonly Finding[],
  words: readonly string[] | null,
  cwd: string,
): RequiredScript[] {
  const program = words?.[0];
  if (words === null || program === undefined) return [];
  const leading = findings.filter((finding) => finding.leading);
  if (leading.some((finding) => !finding.certain && finding.role !== "data")) return [];
  const resolve = (text: string) => path.resolve(cwd, text);
  // Paths a lookup only looked at (`x.js` for `node x`, a package.json) are not scripts.
  const scripts = leading.flatMap((finding) =>
    finding.certain && !finding.observed ? [finding.file] : [],
  );
  const first = scripts[0];
  if (program.includes("/") && first === resolve(program))
    return [{ file: first, executable: true }];
  const named = new Set(words.slice(1).map(resolve));
  return scripts.length === 1 && first !== undefined && named.has(first)
    ? [{ file: first, executable: false }]
    : [];
}
