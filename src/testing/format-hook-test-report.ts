import type { HookTestReport } from "./run-hook-tests.js";

/** One line per case (`✓ name` / `✗ name: expected … got …`) and a final `N passed, N failed`. */
export function formatHookTestReport(report: HookTestReport): string {
  const lines = report.results.map((result) =>
    result.passed ? `✓ ${result.name}` : `✗ ${result.name}: ${result.failures.join("; ")}`,
  );
  lines.push(`${report.passed} passed, ${report.failed} failed`);
  return `${lines.join("\n")}\n`;
}
