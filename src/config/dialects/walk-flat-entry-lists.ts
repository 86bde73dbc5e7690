import { findEventSpec } from "../../profiles/find-event-spec.js";
import type { EventSpec, Profile } from "../../profiles/profile.js";
import type { JsonPathSegment } from "../../shared/format-json-path.js";
import { isRecord } from "../../shared/is-record.js";
import type { DialectResult } from "../dialect-result.js";
import type { ReportDiagnostic } from "./walk-hook-events.js";

/** How a flat hook file names its events and what its entries are called in messages. */
export interface FlatEntryListRules {
  /** The profile's event for a name as written, or null when it names none. */
  resolveEvent: (name: string) => string | null;
  /** The warning for a name `resolveEvent` does not know. */
  describeUnknownEvent: (name: string) => string;
  /** What an entry is (`hook`, `command`), as in `Event "x" must be a list of hook entries`. */
  entryNoun: string;
}

/** Where one entry of a flat list sits: its event, the JSON path, its index in the event's numbering. */
export interface FlatEntryPlace {
  event: string;
  spec: EventSpec;
  at: JsonPathSegment[];
  groupIndex: number;
}

/**
 * Walks a flat hooks table (`{ <event>: [entry, …] }` at `hooks`) and hands each object entry to
 * `visit`; a table that is not an object, an unknown event, a value that is not a list and an entry
 * that is not an object are reported and skipped. Two spellings of one event (`preToolUse` and
 * `PreToolUse`) share its entry numbering, which is kept in `result.groupCounts`.
 */
export function walkFlatEntryLists(
  hooks: unknown,
  context: { profile: Profile; report: ReportDiagnostic; rules: FlatEntryListRules },
  result: DialectResult,
  visit: (entry: Readonly<Record<string, unknown>>, place: FlatEntryPlace) => void,
): void {
  const { profile, report, rules } = context;
  if (!isRecord(hooks)) {
    report("invalid_config", "error", `"hooks" must be an object keyed by event name`, ["hooks"]);
    return;
  }
  const entryCounts: Record<string, number> = {};
  for (const [name, entries] of Object.entries(hooks)) {
    const at: JsonPathSegment[] = ["hooks", name];
    const event = rules.resolveEvent(name);
    const spec = event === null ? undefined : findEventSpec(profile, event);
    if (event === null || spec === undefined) {
      report("unknown_event", "warning", rules.describeUnknownEvent(name), at);
      continue;
    }
    if (!Array.isArray(entries)) {
      const message = `Event "${name}" must be a list of ${rules.entryNoun} entries`;
      report("invalid_config", "error", message, at);
      continue;
    }
    const first = entryCounts[event] ?? 0;
    entryCounts[event] = first + entries.length;
    result.groupCounts[event] = first + entries.length;
    entries.forEach((entry: unknown, index) => {
      const entryAt = [...at, index];
      if (!isRecord(entry)) {
        report("invalid_config", "error", "A hook entry must be an object", entryAt);
        return;
      }
      visit(entry, { event, spec, at: entryAt, groupIndex: first + index });
    });
  }
}
