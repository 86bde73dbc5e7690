import type { Diagnostic } from "../diagnostic.js";
import { formatDiagnosticLine } from "./format-diagnostic.js";

/** The `--strict` help text, the same in every command that offers it. */
export const strictOptionHelp =
  "exit 1 when any error diagnostic was reported (for scripts and CI)";

/**
 * Writes each error and warning diagnostic as one `agent-hooks: error <code>: …` or
 * `agent-hooks: warning <code>: …` line on standard error (standard output stays
 * machine-readable; info is left to the JSON) and returns how many errors it wrote.
 */
export function writeDiagnosticLines(diagnostics: readonly Diagnostic[]): number {
  let errors = 0;
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity === "info") continue;
    if (diagnostic.severity === "error") errors++;
    process.stderr.write(`agent-hooks: ${formatDiagnosticLine(diagnostic)}\n`);
  }
  return errors;
}
