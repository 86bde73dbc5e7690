/**
 * What a conversion reports: `lossy` when something cannot be expressed in the target (or was
 * unreadable in the source) and is dropped or changed; `note` when a value was translated and its
 * meaning kept.
 */
export type ConversionIssueKind = "lossy" | "note";

/** One thing a conversion could not carry over unchanged, with where it was in the source. */
export interface ConversionIssue {
  kind: ConversionIssueKind;
  /** What is affected, such as `statusMessage` or `matcher "Bash"`. */
  subject: string;
  /** JSON path in the source document, or null for the document as a whole. */
  path: string | null;
  /** Why, and what happens instead. */
  reason: string;
}

/** Builds a `lossy` issue. */
export function createLossyIssue(
  subject: string,
  path: string | null,
  reason: string,
): ConversionIssue {
  return { kind: "lossy", subject, path, reason };
}

/** Builds a `note` issue. */
export function createNoteIssue(
  subject: string,
  path: string | null,
  reason: string,
): ConversionIssue {
  return { kind: "note", subject, path, reason };
}

/**
 * One stderr line: `agent-hooks convert: lossy: "statusMessage" at hooks.X[0].hooks[0].statusMessage:
 * VS Code has no statusMessage field; it is dropped`; without a path the reason follows the subject
 * as a predicate (`note: comments are not carried to the output`).
 */
export function formatConversionIssue(issue: ConversionIssue): string {
  const text =
    issue.path === null || issue.path === ""
      ? `${issue.subject} ${issue.reason}`
      : `${issue.subject} at ${issue.path}: ${issue.reason}`;
  return `agent-hooks convert: ${issue.kind}: ${text}`;
}
