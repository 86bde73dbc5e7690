import type { Diagnostic } from "../diagnostic.js";
import type { HookTestReport } from "./run-hook-tests.js";

/**
 * One line per case (`✓ name` / `✗ name: expected … got …`), each unexpected hook or
 * configuration error indented on its own line below, then each other warning of a failed case
 * (`warning unknown_event: …`, often why it failed), and a final `N passed, N failed`.
 */
export function formatHookTestReport(report: HookTestReport): string {
  const lines: string[] = [];
  for (const result of report.results) {
    if (result.passed) {
      lines.push(`✓ ${result.name}`);
      continue;
    }
    const why = result.failures.length === 0 ? "" : `: ${result.failures.join("; ")}`;
    lines.push(`✗ ${result.name}${why}`);
    for (const error of result.errors) lines.push(`    ${formatError(error)}`);
    for (const warning of result.warnings) lines.push(`    warning ${formatError(warning)}`);
  }
  lines.push(`${report.passed} passed, ${report.failed} failed`);
  return `${lines.join("\n")}\n`;
}

// Most messages already name their file; the others get `(file path)` appended.
function formatError(error: Diagnostic): string {
  const where = [error.file, error.path].filter((part) => part !== null).join(" ");
  const head = `${error.code}: ${error.message}`;
  return where === "" || error.message.includes(where) ? head : `${head} (${where})`;
}
