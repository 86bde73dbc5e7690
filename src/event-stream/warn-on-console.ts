import type { EventDiagnostic } from "./event-diagnostic.js";

/**
 * The event dispatcher's listener when no `onDiagnostic` is given: one `console.warn` line per
 * warning or error, `agent-hooks: <severity> <code>: <message>`, a configuration problem's file
 * and JSON path added to its message; info diagnostics are not printed.
 *
 * @example
 * ```ts
 * warnOnConsole(diagnostic); // agent-hooks: warning nonzero_exit: session.start hook "…" exited with code 3
 * ```
 */
export function warnOnConsole(diagnostic: EventDiagnostic): void {
  if (diagnostic.severity === "info") return;
  // Run-time messages already name their hook's file; configuration ones without a path do too.
  const located =
    diagnostic.event !== null || diagnostic.file === null || diagnostic.path === null
      ? ""
      : ` (${diagnostic.file} ${diagnostic.path})`;
  console.warn(
    `agent-hooks: ${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}${located}`,
  );
}
