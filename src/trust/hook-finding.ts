/**
 * What trust cannot hash, and why: a word as written, and, when the analysis knows which file it
 * names, that file; `role` says whether it may run as code (the default) or is only read as data.
 */
export interface NotHashedWord {
  word: string;
  reason: string;
  /** The absolute path of the file the word names, when the analysis knows it. */
  file?: string;
  /** `code` (absent) when the file or word may run or load code; `data` when it is only read. */
  role?: "code" | "data";
}

/**
 * A file the analysis is certain of: what runs, or a candidate whose state is hashed so that any
 * change is noticed. `observed`: hashed because a lookup looked at it, not named by the command.
 * `leading`: named by the command's first simple command, which runs whatever follows it.
 */
export interface HashedFinding {
  file: string;
  role: "code";
  certain: true;
  observed: boolean;
  leading: boolean;
}

/** A word the analysis cannot be certain of, with the reason (see {@link NotHashedWord}). */
export interface FlaggedFinding {
  word: string;
  file?: string;
  role: "code" | "data";
  certain: false;
  reason: string;
  leading: boolean;
}

/** One typed finding of a hook command's analysis: hashed (certain) or flagged (not hashed). */
export type Finding = HashedFinding | FlaggedFinding;

/** The hashed files among `findings`, in the order found. */
export function listHashedFiles(findings: readonly Finding[]): string[] {
  return findings.flatMap((finding) => (finding.certain ? [finding.file] : []));
}

/** The files among `findings` hashed only because a lookup looked at them. */
export function listObservedFiles(findings: readonly Finding[]): Set<string> {
  return new Set(
    findings.flatMap((finding) => (finding.certain && finding.observed ? [finding.file] : [])),
  );
}

/** The flagged findings as the words {@link NotHashedWord} reports (`role` only when data). */
export function listNotHashedWords(findings: readonly Finding[]): NotHashedWord[] {
  return findings.flatMap((finding) =>
    finding.certain
      ? []
      : [
          {
            word: finding.word,
            reason: finding.reason,
            ...(finding.file !== undefined && { file: finding.file }),
            ...(finding.role === "data" && { role: "data" as const }),
          },
        ],
  );
}

/** A finding as a per-program analysis returns it; the walker marks whether it is `leading`. */
export type ProgramFinding = Omit<HashedFinding, "leading"> | Omit<FlaggedFinding, "leading">;

/** A hashed finding of a per-program analysis (`observed`: a candidate the program looks at). */
export function hashFile(file: string, observed = false): ProgramFinding {
  return { file, role: "code", certain: true, observed };
}

/** A flagged finding of a per-program analysis: the word, why, and the file when known. */
export function flagWord(
  word: string,
  reason: string,
  known: { file?: string; role?: "code" | "data" } = {},
): ProgramFinding {
  return {
    word,
    reason,
    role: known.role ?? "code",
    certain: false,
    ...(known.file !== undefined && { file: known.file }),
  };
}

/**
 * Why program text in a language other than shell, written in the command (`node -e`, `python3
 * -c`, a here-document read by `python3 -`), is flagged: hashed with the command, not followed.
 */
export const inlineCodeReason =
  "inline code in a language other than shell: hashed as part of the command, but the files it loads, reads or runs are not followed";
