import path from "node:path";
import type { Command } from "commander";
import { findLoosePermissions, findOwnershipProblem } from "../../open-private-file.js";
import { isRenderedReport } from "../../report/is-rendered-report.js";
import { describeSkippedLines, renderAuditReport } from "../../report/render-audit-report.js";
import { writeFileAtomically } from "../../shared/write-file-atomically.js";
import { readInput } from "../read-input.js";
import { UsageError } from "../shared-options.js";

/** `agent-hooks report <audit.jsonl> [-o report.html]`: writes a session report as one HTML file. */
export function registerReportCommand(program: Command): void {
  program
    .command("report")
    .description("render an audit log as one self-contained HTML session report")
    .argument("<file>", "audit log (JSON Lines written with --audit-log), or - for standard input")
    .option("-o, --output <file>", "HTML file to write (default: <file> with .html, next to it)")
    .option("--force", "replace an existing output file that is not a report agent-hooks wrote")
    .addHelpText(
      "after",
      `
Examples:
  $ agent-hooks dispatch Stop --audit-log audit.jsonl && agent-hooks report audit.jsonl
  $ cat audit.jsonl | agent-hooks report - -o session.html

An existing output file is replaced (atomically) only when it is a report agent-hooks wrote, or with
--force; it must be the user's own regular file closed to group and others, and a symbolic link is
refused, never followed.`,
    )
    .action(async (file: string, flags: { output?: string; force?: boolean }) => {
      if (file === "-" && flags.output === undefined) {
        throw new UsageError("report: reading standard input needs -o <file>");
      }
      const output = path.resolve(flags.output ?? defaultOutputPath(file));
      if (output === path.resolve(file)) {
        throw new UsageError(`report: the output ${output} would overwrite the audit log`);
      }
      const text = await readInput(file);
      const report = renderAuditReport(text, {
        title: file === "-" ? "standard input" : path.basename(file),
      });
      if (!report.ok) throw new UsageError(`cannot report on ${file}: ${report.error}`);
      if (report.skippedLines.length > 0) {
        process.stderr.write(
          `agent-hooks report: warning: ${file}: ${describeSkippedLines(report.skippedLines)}\n`,
        );
      }
      // The report shows what the audit log holds: as private as the log (0600, never through a
      // symbolic link, never another user's file or one others can read), and it replaces only
      // an earlier report unless --force.
      const written = await writeFileAtomically(
        output,
        (existing) =>
          existing === null || flags.force === true || isRenderedReport(existing.text)
            ? { ok: true, text: report.html }
            : {
                ok: false,
                reason: "it is not a report agent-hooks wrote; pass --force to replace it",
              },
        {
          mode: 0o600,
          checkExisting: (stats) =>
            findOwnershipProblem(stats, "file") ?? findLoosePermissions(stats),
        },
      );
      if (!written.ok) {
        const hint =
          written.link === undefined ? "" : `; to write that file, pass -o ${written.link}`;
        throw new UsageError(`cannot write the report ${output}: ${written.reason}${hint}`);
      }
      process.stdout.write(`${output}\n`);
    });
}

function defaultOutputPath(file: string): string {
  const parsed = path.parse(file);
  return path.join(parsed.dir, `${parsed.name}.html`);
}
