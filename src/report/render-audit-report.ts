import { buildReportModel, type ReportModel } from "./build-report-model.js";
import { parseAuditLog, type SkippedLine } from "./parse-audit-log.js";
import { renderReportHtml } from "./render-report-html.js";

/** A rendered report, or why there is nothing to render. */
export type ReportResult =
  | { ok: true; html: string; model: ReportModel; skippedLines: SkippedLine[] }
  | { ok: false; error: string; skippedLines: SkippedLine[] };

/**
 * Renders audit log text as a self-contained HTML session report, at once (the public, lazily
 * loading entry is `createReport`); malformed lines are skipped and listed, and a log with no
 * readable record is an error value.
 *
 * @example
 * ```ts
 * const report = renderAuditReport(await readFile("audit.jsonl", "utf8"), { title: "audit.jsonl" });
 * if (report.ok) await writeFile("audit.html", report.html);
 * ```
 */
export function renderAuditReport(text: string, options: { title: string }): ReportResult {
  const { records, skippedLines } = parseAuditLog(text);
  if (records.length === 0) {
    const error =
      skippedLines.length === 0
        ? "it holds no audit record (the file is empty)"
        : `it holds no readable audit record (${describeSkippedLines(skippedLines)})`;
    return { ok: false, error, skippedLines };
  }
  const model = buildReportModel(records);
  const html = renderReportHtml(model, { title: options.title, skippedLines });
  return { ok: true, html, model, skippedLines };
}

/** A short summary of skipped lines for one message: `3 lines skipped; line 2: not valid JSON, …`. */
export function describeSkippedLines(skippedLines: readonly SkippedLine[]): string {
  const first = skippedLines
    .slice(0, 3)
    .map((skipped) => `line ${skipped.line}: ${skipped.reason}`)
    .join("; ");
  const rest = skippedLines.length > 3 ? `; and ${skippedLines.length - 3} more` : "";
  const noun = skippedLines.length === 1 ? "line" : "lines";
  return `${skippedLines.length} ${noun} skipped: ${first}${rest}`;
}
