import pc from "picocolors";
import type { Diagnostic } from "../diagnostic.js";

const severityColor = {
  error: pc.red,
  warning: pc.yellow,
  info: pc.cyan,
} as const;

/** One diagnostic as a readable line: `error invalid_matcher  message\n  at file path`. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  const color = severityColor[diagnostic.severity];
  const head = `${color(diagnostic.severity.padEnd(7))} ${pc.bold(diagnostic.code)}  ${diagnostic.message}`;
  if (diagnostic.file === null) return head;
  const where =
    diagnostic.path === null ? diagnostic.file : `${diagnostic.file} ${diagnostic.path}`;
  return `${head}\n        ${pc.dim(`at ${where}`)}`;
}

/** One diagnostic on one plain line for standard error: `error invalid_matcher: message (file path)`. */
export function formatDiagnosticLine(diagnostic: Diagnostic): string {
  const where = [diagnostic.file, diagnostic.path].filter((part) => part !== null).join(" ");
  const head = `${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`;
  // A handler's message names its place already (`… (file path)`): not twice.
  return where === "" || diagnostic.message.endsWith(`(${where})`) ? head : `${head} (${where})`;
}
