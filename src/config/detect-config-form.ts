import { isRecord } from "../shared/is-record.js";

/**
 * The shape of a `hooks.json` document: `list` (the event stream's `"hooks": [...]`),
 * `decision` (the decision engine's `"hooks": {<Event>: [...]}`), `empty` (no `hooks` key), or
 * `invalid` (not an object, or `hooks` neither a list nor an object).
 */
export type ConfigForm = "list" | "decision" | "empty" | "invalid";

/** A place where a document of one form holds a piece of the other form. */
export interface MixedFormMark {
  /** JSON path segments of the piece, such as `["hooks", "session.start"]`. */
  at: readonly (string | number)[];
  message: string;
}

/** What `detectConfigForm` found. */
export interface ConfigFormReport {
  form: ConfigForm;
  /** Pieces of the other form; empty for a file in one form only. */
  mixed: MixedFormMark[];
  /** Keys of a decision-form `hooks` object that are event-stream event names (dotted). */
  eventStreamKeys: string[];
}

const advice =
  "a file holds either the event-stream list form or the decision form (see docs/events.md)";

/**
 * Tells the two `~/.deepagents/hooks.json` forms apart by the shape of `hooks`, and finds the
 * pieces of the other form in it: in the list form, an entry with `hooks` or `matcher` (a
 * decision matcher group); in the decision form, a dotted key (an event-stream event name such
 * as `session.start`) or a matcher group with an `events` field (a list entry).
 *
 * @example
 * ```ts
 * detectConfigForm({ hooks: [{ command: ["bash", "a.sh"] }] }).form; // "list"
 * ```
 */
export function detectConfigForm(document: unknown): ConfigFormReport {
  const report: ConfigFormReport = { form: "invalid", mixed: [], eventStreamKeys: [] };
  if (!isRecord(document)) return report;
  const hooks = document.hooks;
  if (hooks === undefined) {
    report.form = "empty";
  } else if (Array.isArray(hooks)) {
    report.form = "list";
    hooks.forEach((entry: unknown, index) => {
      if (isRecord(entry) && (entry.hooks !== undefined || entry.matcher !== undefined)) {
        report.mixed.push({
          at: ["hooks", index],
          message: `hooks[${index}] is a decision-form matcher group inside the event-stream list form; ${advice}`,
        });
      }
    });
  } else if (isRecord(hooks)) {
    report.form = "decision";
    for (const [key, groups] of Object.entries(hooks)) {
      if (key.includes(".")) {
        report.eventStreamKeys.push(key);
        report.mixed.push({
          at: ["hooks", key],
          message: `"${key}" is an event-stream event name inside the decision form (hooks is an object keyed by event); ${advice}`,
        });
        continue;
      }
      if (!Array.isArray(groups)) continue;
      groups.forEach((group: unknown, index) => {
        if (isRecord(group) && group.events !== undefined) {
          report.mixed.push({
            at: ["hooks", key, index],
            message: `An event-stream list entry (with "events") inside the decision form's ${key} groups; ${advice}`,
          });
        }
      });
    }
  }
  return report;
}
