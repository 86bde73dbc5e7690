import {
  createDiagnostic,
  type Diagnostic,
  type DiagnosticCode,
  type DiagnosticSeverity,
} from "../diagnostic.js";

/**
 * One problem the event stream reports: a `Diagnostic` (stable code, severity, message, file,
 * JSON path) plus the event and the hook's argv it concerns, each null when it concerns none (a
 * configuration problem has neither).
 *
 * @example
 * ```ts
 * const onDiagnostic = (diagnostic: EventDiagnostic) =>
 *   log[diagnostic.severity === "error" ? "error" : "warn"](diagnostic, diagnostic.message);
 * ```
 */
export interface EventDiagnostic extends Diagnostic {
  event: string | null;
  command: readonly string[] | null;
}

/** Receives each diagnostic of an event dispatcher when it happens; whatever it throws is ignored. */
export type EventDiagnosticListener = (diagnostic: EventDiagnostic) => void;

/** What an event diagnostic concerns; every field defaults to null. */
export interface EventDiagnosticSubject {
  event?: string | null;
  command?: readonly string[] | null;
  file?: string | null;
  path?: string | null;
}

/** Builds an event diagnostic. */
export function createEventDiagnostic(
  code: DiagnosticCode,
  severity: DiagnosticSeverity,
  message: string,
  subject: EventDiagnosticSubject = {},
): EventDiagnostic {
  return {
    ...createDiagnostic(code, severity, message, subject),
    event: subject.event ?? null,
    command: subject.command ?? null,
  };
}
