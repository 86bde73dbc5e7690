/**
 * What a conversion or migration reports: `lossy` when something cannot be expressed in the target
 * (or was unreadable in the source) and is dropped or changed; `note` when a value was translated
 * and its meaning kept.
 */
export type ConversionIssueKind = "lossy" | "note";

/** The stable code and the severity of each kind, as the engine's diagnostics carry them. */
const conversionIssueKinds = {
  lossy: { code: "conversion_lossy", severity: "warning" },
  note: { code: "conversion_note", severity: "info" },
} as const satisfies Record<ConversionIssueKind, { code: string; severity: string }>;

/** A conversion issue's stable code: `conversion_lossy` or `conversion_note`. */
export type ConversionIssueCode = (typeof conversionIssueKinds)[ConversionIssueKind]["code"];

/**
 * One thing `convert` or `migrate` could not carry over unchanged, in the engine's diagnostic shape
 * (`code`, `severity`, `message`, `file`, `path`) plus the kind printed and what is affected.
 */
export interface ConversionIssue {
  code: ConversionIssueCode;
  /** `warning` for a lossy issue, `info` for a note. */
  severity: "warning" | "info";
  kind: ConversionIssueKind;
  /** What is affected, such as `statusMessage` or `matcher "Bash"`, or null when the message says it. */
  subject: string | null;
  /** Why, and what happens instead. */
  message: string;
  /** The source file, or null before it is known. */
  file: string | null;
  /** JSON path in the source document, or null for the document as a whole. */
  path: string | null;
}

/** Builds an issue of `kind`; `file` is filled in by the caller that knows it. */
export function createConversionIssue(
  kind: ConversionIssueKind,
  subject: string | null,
  path: string | null,
  message: string,
): ConversionIssue {
  return { ...conversionIssueKinds[kind], kind, subject, message, file: null, path };
}

/** Builds a `lossy` issue. */
export function createLossyIssue(
  subject: string,
  path: string | null,
  reason: string,
): ConversionIssue {
  return createConversionIssue("lossy", subject, path, reason);
}

/** Builds a `note` issue. */
export function createNoteIssue(
  subject: string,
  path: string | null,
  reason: string,
): ConversionIssue {
  return createConversionIssue("note", subject, path, reason);
}

/**
 * One stderr line of `command`, the same for `convert` and `migrate`: `agent-hooks convert: lossy:
 * "statusMessage" at hooks.X[0].hooks[0].statusMessage: VS Code has no statusMessage field; it is
 * dropped`. Without a path the message follows the subject as a predicate (`note: comments are
 * not carried to the output`); without a subject the path follows the kind (`agent-hooks migrate:
 * lossy at hooks[1]: …`).
 */
export function formatIssueLine(command: "convert" | "migrate", issue: ConversionIssue): string {
  const path = issue.path === null || issue.path === "" ? null : issue.path;
  const where = path === null ? "" : ` at ${path}`;
  const text =
    issue.subject === null
      ? `${where}: ${issue.message}`
      : `: ${issue.subject}${path === null ? " " : `${where}: `}${issue.message}`;
  return `agent-hooks ${command}: ${issue.kind}${text}`;
}

/** One `agent-hooks convert` stderr line (see `formatIssueLine`). */
export function formatConversionIssue(issue: ConversionIssue): string {
  return formatIssueLine("convert", issue);
}
