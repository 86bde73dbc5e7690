import type { Diagnostic } from "../diagnostic.js";
import { formatDiagnosticLine } from "./format-diagnostic.js";

/** The `--strict` help text, the same in every command that offers it. */
export const strictOptionHelp =
  "exit 1 when any error diagnostic was reported (for scripts and CI)";

/**
 * Writes each error-severity diagnostic as one `agent-hooks: error <code>: …` line on standard
 * error (standard output stays machine-readable) and returns how many it wrote.
 */
export function writeErrorDiagnostics(diagnostics: readonly Diagnostic[]): number {
  const errors = diagnostics.filter((diagnostic) => diagnostic.severity === "error");
  for (const diagnostic of errors) {
    process.stderr.write(`agent-hooks: ${formatDiagnosticLine(diagnostic)}\n`);
  }
  return errors.length;
}
