import type { Diagnostic } from "../diagnostic.js";

/**
 * One thing the dispatcher reports: a failed hook run, a configuration problem or a dropped
 * dispatch. A diagnostic plus the event and command it concerns (null when it concerns none).
 */
export interface EventLogEntry extends Diagnostic {
  event: string | null;
  command: readonly string[] | null;
}

/**
 * Receives every warning and error of an event dispatcher; it is called from the event loop and
 * anything it throws is ignored.
 *
 * @example
 * ```ts
 * const logger: EventLogger = (entry) => pino.warn(entry, entry.message);
 * ```
 */
export type EventLogger = (entry: EventLogEntry) => void;

/** The default logger: one `console.warn` line per entry, `agent-hooks: <severity> <code>: <message>`. */
export const consoleEventLogger: EventLogger = (entry) => {
  console.warn(`agent-hooks: ${entry.severity} ${entry.code}: ${entry.message}`);
};
