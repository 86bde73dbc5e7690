import { stringify } from "smol-toml";
import { isRecord } from "../shared/is-record.js";
import { scanTomlTables, type TomlTableHeader } from "../shared/scan-toml-tables.js";
import { findContentEnd, setTomlValue } from "../shared/set-toml-value.js";
import type { MergeChange } from "./plan-hook-merge.js";

/**
 * Sets values in `config.toml` text by editing only the text of what changes, never
 * re-serialising the rest: an event's hook list (`hooks.<Event>`) has its `[[hooks.<Event>]]`
 * and `[[hooks.<Event>.hooks]]` tables cut out and the converted tables written in their place
 * (after the other hook tables, or at the end, when it had none); a `hooks` table the document
 * lacks is appended whole; any other value is set with `setTomlValue`. Comments and blank lines
 * just before a following table stay with it. Null when the text cannot be scanned or a value
 * cannot be written in TOML; the caller parses the result to verify it (hooks written as inline
 * tables or dotted keys are not cut out, and fail that check).
 *
 * @example
 * ```ts
 * applyTomlChanges('model = "o3"\n', [{ path: ["hooks", "Stop"], value: [{ hooks: [handler] }] }]);
 * // 'model = "o3"\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = "command"\n…'
 * ```
 */
export function applyTomlChanges(text: string, changes: readonly MergeChange[]): string | null {
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const isEvent = (change: MergeChange) =>
    (change.path.length === 2 && change.path[0] === "hooks" && Array.isArray(change.value)) ||
    (change.path.length === 1 && change.path[0] === "hooks");
  const events = changes.filter((change) => isEvent(change) && change.listEdit === undefined);
  let result: string | null = text;
  for (const change of changes) {
    if (isEvent(change) || result === null) continue;
    result = setValue(result, change, newline);
  }
  if (result !== null && events.length > 0) result = replaceEventTables(result, events, newline);
  for (const change of changes) {
    const edit = change.listEdit;
    const event = change.path[1];
    if (result === null || edit === undefined || event === undefined) continue;
    result = editEventEntries(result, event, edit, newline);
  }
  return result;
}

/**
 * Cuts the `[[hooks.<event>]]` entries at the given indices (each with its sub-tables) and writes
 * the appended entries after the last one left.
 */
function editEventEntries(
  text: string,
  event: string,
  edit: NonNullable<MergeChange["listEdit"]>,
  newline: string,
): string | null {
  const scan = scanTomlTables(text);
  if (!scan.ok) return null;
  const { headers } = scan;
  const isInside = (header: TomlTableHeader | undefined) =>
    header !== undefined &&
    header.keys.length > 2 &&
    header.keys[0] === "hooks" &&
    header.keys[1] === event;
  const entries: { start: number; end: number }[] = [];
  for (const [index, header] of headers.entries()) {
    const isEntry =
      header.array &&
      header.keys.length === 2 &&
      header.keys[0] === "hooks" &&
      header.keys[1] === event;
    if (!isEntry) continue;
    let last = header;
    for (let position = index + 1; isInside(headers[position]); position += 1) {
      last = headers[position] ?? last;
    }
    entries.push({ start: header.start, end: findContentEnd(text, last.bodyStart, last.end) });
  }
  const removed = (index: number) => edit.remove.includes(index);
  const at = entries.filter((_, index) => !removed(index)).at(-1)?.end;
  if (at === undefined) return null;
  const cut = mergeRanges(
    text,
    entries.filter((_, index) => removed(index)),
  );
  let result = text;
  for (const range of cut.filter((range) => range.start >= at).reverse()) {
    result = removeRange(result, range);
  }
  result = appendTables(result, stringify({ hooks: { [event]: edit.append } }), at, newline);
  for (const range of cut.filter((range) => range.end <= at).reverse()) {
    result = removeRange(result, range);
  }
  return result;
}

/** Cuts a range, and the blank line after it when one is left before it, so no blank lines pile up. */
function removeRange(text: string, range: { start: number; end: number }): string {
  const before = text.slice(0, range.start);
  let after = text.slice(range.end);
  if (before === "" || /\n\r?\n$/.test(before)) after = after.replace(/^\r?\n/, "");
  return `${before}${after}`;
}

function setValue(text: string, change: MergeChange, newline: string): string | null {
  const key = change.path.at(-1);
  if (key === undefined) return null;
  if (isRecord(change.value)) {
    const nested = change.path.reduceRight<unknown>(
      (value, part) => ({ [part]: value }),
      change.value,
    );
    return appendTables(text, stringify(nested), text.length, newline);
  }
  const line = stringify({ value: change.value });
  if (!line.startsWith("value = ") || line.indexOf("\n") !== line.length - 1) return null;
  return setTomlValue(text, change.path.slice(0, -1), key, line.slice("value = ".length, -1));
}

/** Cuts out the tables of the changed events and writes the converted ones in their place. */
function replaceEventTables(
  text: string,
  events: readonly MergeChange[],
  newline: string,
): string | null {
  const scan = scanTomlTables(text);
  if (!scan.ok) return null;
  const names = new Set(events.map((change) => change.path[1]));
  const whole = events.some((change) => change.path.length === 1);
  const cut = scan.headers.filter(
    (header) =>
      header.keys[0] === "hooks" &&
      (whole || (header.keys[1] !== undefined && names.has(header.keys[1]))),
  );
  const ranges = mergeRanges(
    text,
    cut.map((header) => ({
      start: header.start,
      end: findContentEnd(text, header.bodyStart, header.end),
    })),
  );
  let remaining = text;
  for (const range of [...ranges].reverse()) remaining = removeRange(remaining, range);
  const document: Record<string, unknown> = {};
  for (const change of events) {
    if (change.path.length === 1) Object.assign(document, { hooks: change.value });
    else {
      const hooks = isRecord(document.hooks) ? document.hooks : {};
      hooks[change.path[1] ?? ""] = change.value;
      document.hooks = hooks;
    }
  }
  const first = ranges[0];
  return first === undefined
    ? appendTables(remaining, stringify(document), findInsertionPoint(text, scan.headers), newline)
    : appendTables(remaining, stringify(document), first.start, newline, true);
}

/** After the last hook table's content when there are hook tables, else the end of the text. */
function findInsertionPoint(text: string, headers: readonly TomlTableHeader[]): number {
  const last = headers.findLast((header) => header.keys[0] === "hooks");
  return last === undefined ? text.length : findContentEnd(text, last.bodyStart, last.end);
}

/** Joins ranges separated by nothing but blank lines, so no run of blank lines is left behind. */
function mergeRanges(
  text: string,
  ranges: readonly { start: number; end: number }[],
): { start: number; end: number }[] {
  const merged: { start: number; end: number }[] = [];
  for (const range of ranges) {
    const previous = merged.at(-1);
    if (previous !== undefined && text.slice(previous.end, range.start).trim() === "") {
      previous.end = range.end;
    } else {
      merged.push({ ...range });
    }
  }
  return merged;
}

/** Writes serialised tables at `at`, with one blank line between them and the text around them. */
function appendTables(
  text: string,
  tables: string,
  at: number,
  newline: string,
  inPlace = false,
): string {
  let before = text.slice(0, at);
  let after = text.slice(at);
  const body = tables.replace(/\n/g, newline);
  if (before !== "" && !before.endsWith("\n")) before += newline;
  // In place of cut tables, a comment line just above stays with the tables that replace them.
  const lastLine = before.trimEnd().split("\n").at(-1) ?? "";
  const commented = inPlace && lastLine.trimStart().startsWith("#");
  if (before.trim() !== "" && !before.endsWith(`${newline}${newline}`) && !commented) {
    before += newline;
  }
  if (after.trim() === "") after = "";
  else if (!/^\r?\n/.test(after)) after = `${newline}${after}`;
  return `${before}${body}${after}`;
}
