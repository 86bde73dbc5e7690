import { safeParseJson } from "../shared/safe-parse-json.js";
import { type AuditRecord, auditRecordSchema } from "./audit-record.js";

/** An audit line that could not be read, with its 1-based line number and why. */
export interface SkippedLine {
  line: number;
  reason: string;
}

/** The records of an audit log, in file order, and the lines that were skipped. */
export interface ParsedAuditLog {
  records: AuditRecord[];
  skippedLines: SkippedLine[];
}

/** Parses JSON Lines audit text; a malformed line is skipped and listed, never thrown. */
export function parseAuditLog(text: string): ParsedAuditLog {
  const records: AuditRecord[] = [];
  const skippedLines: SkippedLine[] = [];
  for (const [index, raw] of text.split("\n").entries()) {
    if (raw.trim() === "") continue;
    const value = safeParseJson(raw);
    if (!value.success) {
      skippedLines.push({ line: index + 1, reason: "not valid JSON" });
      continue;
    }
    const parsed = auditRecordSchema.safeParse(value.value);
    if (parsed.success) {
      records.push(parsed.data);
    } else {
      skippedLines.push({ line: index + 1, reason: describeIssue(parsed.error.issues[0]) });
    }
  }
  return { records, skippedLines };
}

function describeIssue(issue: { path: PropertyKey[]; message: string } | undefined): string {
  if (issue === undefined) return "not an audit record";
  const where = issue.path.map(String).join(".");
  return where === "" ? issue.message : `${where}: ${issue.message}`;
}
