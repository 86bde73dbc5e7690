import type { ReportResult } from "./render-audit-report.js";

export type { ReportModel } from "./build-report-model.js";
export type { SkippedLine } from "./parse-audit-log.js";
export type { ReportResult } from "./render-audit-report.js";

/** Options of {@link createReport}. */
export interface ReportOptions {
  /** The report's title, usually the audit log's file name. */
  title: string;
}

/**
 * Turns audit log text (the JSON Lines of `auditLog` / `--audit-log`) into a self-contained HTML
 * session report, as `agent-hooks report` does; malformed lines are skipped and listed, and a
 * log with no readable record is an error value. The report modules (and zod) load on the first
 * call, so importing `agent-hooks` stays light.
 *
 * @example
 * ```ts
 * const report = await createReport(await readFile("audit.jsonl", "utf8"), { title: "audit.jsonl" });
 * if (report.ok) await writeFile("audit.html", report.html, { mode: 0o600 });
 * else console.error(report.error);
 * ```
 */
export async function createReport(text: string, options: ReportOptions): Promise<ReportResult> {
  const { renderAuditReport } = await import("./render-audit-report.js");
  return renderAuditReport(text, options);
}
