import type { EventDiagnostic, EventDiagnosticListener } from "./event-diagnostic.js";

/** @deprecated Use `EventDiagnostic`. */
export type EventLogEntry = EventDiagnostic;

/**
 * Receives every warning and error of an event dispatcher, configuration problems with their
 * file and JSON path added to the message; it is called from the event loop and anything it
 * throws is ignored.
 *
 * @deprecated Use the `onDiagnostic` option, which receives every `EventDiagnostic` as it is.
 */
export type EventLogger = (entry: EventDiagnostic) => void;

/**
 * The default logger, used when neither `onDiagnostic` nor `logger` is given: one `console.warn`
 * line per entry, `agent-hooks: <severity> <code>: <message>`.
 */
export const consoleEventLogger: EventLogger = (entry) => {
  console.warn(`agent-hooks: ${entry.severity} ${entry.code}: ${entry.message}`);
};

/**
 * A diagnostic listener feeding `logger` what loggers have always received: warnings and errors
 * only, a configuration problem's file and JSON path added to its message.
 */
export function adaptEventLogger(logger: EventLogger): EventDiagnosticListener {
  return (diagnostic) => {
    if (diagnostic.severity === "info") return;
    // Run-time messages already name their hook's file; configuration ones without a path do too.
    const located =
      diagnostic.event !== null || diagnostic.file === null || diagnostic.path === null
        ? ""
        : ` (${diagnostic.file} ${diagnostic.path})`;
    logger({ ...diagnostic, message: `${diagnostic.message}${located}` });
  };
}
