import { canonicalEvents } from "./event-catalog.js";
import { eventTableNotes } from "./event-table-notes.js";
import type { FormatEvent, HookFormat } from "./hook-format.js";
import { hookFormats } from "./hook-formats.js";
import { type FormatName, formatNames } from "./portable-hooks.js";

/** A footnote of the event × format table: its label and text. */
interface Footnote {
  label: string;
  text: string;
}

/** Whether any format takes what `has` tests for on `event` (a matcher, an `if`). */
function anyFormatTakes(
  event: string,
  has: (spec: FormatEvent, format: HookFormat) => boolean,
): boolean {
  return formatNames.some((name) => {
    const spec = hookFormats[name].events[event];
    return spec !== undefined && has(spec, hookFormats[name]);
  });
}

/** The footnotes of one cell, derived from the format's event row, then the written ones. */
function listCellFootnotes(format: HookFormat, event: string, spec: FormatEvent): Footnote[] {
  const notes: Footnote[] = [];
  const title = format.title;
  const takesMatcher = (other: FormatEvent, owner: HookFormat) =>
    owner.matchers !== null && !other.ignoresMatcher;
  if (spec.ignoresMatcher && anyFormatTakes(event, takesMatcher)) {
    notes.push({
      label: `${format.name}-no-matcher`,
      text: `${title} ignores a matcher on this event: a matcher is dropped (lossy) and the hook fires every time.`,
    });
  }
  if (spec.exactMatcher === true) {
    notes.push({
      label: `${format.name}-exact-matcher`,
      text: `${title} compares this event's matcher as one exact string: a list or a regular expression is carried with a lossy line, since it matches nothing there.`,
    });
  }
  if (spec.maxTimeoutSeconds !== undefined) {
    notes.push({
      label: `${format.name}-${event}-timeout`,
      text: `${title} runs ${spec.name} hooks for at most ${spec.maxTimeoutSeconds} s: a longer timeout is clamped (lossy).`,
    });
  }
  if (!spec.supportsIf && anyFormatTakes(event, (other) => other.supportsIf)) {
    notes.push({
      label: `${format.name}-no-if`,
      text: `${title} has no \`if\` on this event: an \`if\` is dropped (lossy) and the hook runs whenever its matcher matches.`,
    });
  }
  const written = eventTableNotes[format.name]?.[event];
  if (written !== undefined) notes.push({ label: `${format.name}-${event}`, text: written });
  return notes;
}

function formatRow(cells: readonly string[], widths: readonly number[]): string {
  return `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(" | ")} |`;
}

/**
 * The event × format table of docs/convert.md, from the format tables: one row per canonical
 * event, one column per format, each cell the format's event name (with its default timeout) or
 * "—", and a footnote per lossy cell. The docs test compares the page with it.
 *
 * @example
 * ```ts
 * formatEventTable(); // "| Event | deepagents | … |\n| --- | … |\n…\n\n[^cursor-no-matcher]: …"
 * ```
 */
export function formatEventTable(): string {
  const footnotes = new Map<string, string>();
  const header = ["Event", ...formatNames];
  const rows = Object.keys(canonicalEvents).map((event) => [
    `\`${event}\``,
    ...formatNames.map((name: FormatName) => {
      const format = hookFormats[name];
      const spec = format.events[event];
      if (spec === undefined) return "—";
      const notes = listCellFootnotes(format, event, spec);
      for (const note of notes) footnotes.set(note.label, note.text);
      const timeout =
        spec.defaultTimeoutSeconds === undefined
          ? ""
          : ` (default ${spec.defaultTimeoutSeconds} s)`;
      return `\`${spec.name}\`${timeout}${notes.map((note) => `[^${note.label}]`).join("")}`;
    }),
  ]);
  const widths = header.map((_, column) =>
    Math.max(3, ...[header, ...rows].map((row) => (row[column] ?? "").length)),
  );
  const lines = [
    formatRow(header, widths),
    `| ${widths.map((width) => "-".repeat(width)).join(" | ")} |`,
    ...rows.map((row) => formatRow(row, widths)),
    "",
    ...[...footnotes].map(([label, text]) => `[^${label}]: ${text}`),
  ];
  return `${lines.join("\n")}\n`;
}
