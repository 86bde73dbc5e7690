import type {
  Finding,
  FlaggedFinding,
  HashedFinding,
  NotHashedWord,
  ProgramFinding,
} from "./hook-finding.js";

/**
 * The findings of one analysis, in the order found: each hashed file once, each flagged word once
 * per reason and file (its label on one line, at most 80 characters). While `leading` is set,
 * what is recorded is marked as named by the command's first simple command.
 */
export class FindingRecorder {
  /** What the command runs, loads or reads: hashed files and flagged words, in the order found. */
  readonly findings: Finding[] = [];
  /** True while the command's first simple command is analyzed. */
  leading = false;
  readonly #hashed = new Map<string, HashedFinding>();
  #collected: string[] | null = null;

  /** Runs `record` with `leading` set to `leading`, then back as it was. */
  recordLeading<T>(leading: boolean, record: () => T): T {
    const outer = this.leading;
    this.leading = leading;
    try {
      return record();
    } finally {
      this.leading = outer;
    }
  }

  /** Adds what a per-program analysis found. */
  record(findings: readonly ProgramFinding[]): void {
    for (const finding of findings) {
      if (finding.certain) this.addFile(finding.file, finding.observed);
      else
        this.report(finding.word, finding.reason, {
          role: finding.role,
          ...(finding.file !== undefined && { file: finding.file }),
        });
    }
  }

  /** Whether a file is hashed already. */
  isHashed(file: string): boolean {
    return this.#hashed.has(file);
  }

  /** Hashes a file (`observed`: a candidate a lookup looked at, not one the command named). */
  addFile(file: string, observed = false): void {
    this.#collected?.push(file);
    const known = this.#hashed.get(file);
    if (known !== undefined) {
      known.leading ||= this.leading;
      return;
    }
    const finding: HashedFinding = {
      file,
      role: "code",
      certain: true,
      observed,
      leading: this.leading,
    };
    this.#hashed.set(file, finding);
    this.findings.push(finding);
  }

  /** Flags a word as not hashed, with the reason (and the file it names, when known). */
  report(word: string, reason: string, known: Pick<NotHashedWord, "file" | "role"> = {}): void {
    const oneLine = word.replace(/\s*\n\s*/g, " ");
    const label = oneLine.length <= 80 ? oneLine : `${oneLine.slice(0, 79)}…`;
    const same = (entry: Finding) =>
      !entry.certain &&
      entry.word === label &&
      entry.reason === reason &&
      entry.file === known.file;
    const existing = this.findings.find(same);
    if (existing !== undefined) {
      existing.leading ||= this.leading;
      return;
    }
    const finding: FlaggedFinding = {
      word: label,
      reason,
      role: known.role ?? "code",
      certain: false,
      leading: this.leading,
      ...(known.file !== undefined && { file: known.file }),
    };
    this.findings.push(finding);
  }

  /**
   * Runs `record` and returns the files it hashed (each time it hashed one, known or not). A
   * collection inside it ends the outer one: what the outer records after it is not returned.
   */
  collect(record: () => void): string[] {
    const collected: string[] = [];
    this.#collected = collected;
    try {
      record();
    } finally {
      this.#collected = null;
    }
    return collected;
  }
}
