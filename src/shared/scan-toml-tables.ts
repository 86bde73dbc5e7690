import { parse } from "smol-toml";
import { isRecord } from "./is-record.js";

/** One `[table]` or `[[array]]` header of a TOML document and the text its table spans. */
export interface TomlTableHeader {
  /** The header's keys, unquoted: `[hooks."Pre Tool"]` is `["hooks", "Pre Tool"]`. */
  keys: string[];
  /** Whether it is an array-of-tables header (`[[…]]`). */
  array: boolean;
  /** Offset of the first character of the header's line. */
  start: number;
  /** Offset just after the header's line (its line end included). */
  bodyStart: number;
  /** Offset where the table's text ends: the next header's line, or the end of the text. */
  end: number;
}

/** The headers of a TOML document in text order, or null when its text cannot be scanned. */
export type TomlTableScan = { ok: true; headers: TomlTableHeader[] } | { ok: false };

/**
 * Finds every table header of a TOML document by reading its text as TOML's grammar lays it out
 * (strings of the four kinds, comments, arrays and inline tables that span lines), so a line
 * inside a multi-line string or array is never taken for a header. Each header's keys are read by
 * the TOML parser itself. Text editors use the offsets to splice tables without re-serialising
 * the rest; they check their result by parsing it, since the scan is not a validator.
 *
 * @example
 * ```ts
 * scanTomlTables('model = "x"\n[[hooks.Stop]]\n');
 * // { ok: true, headers: [{ keys: ["hooks", "Stop"], array: true, start: 12, bodyStart: 27, end: 27 }] }
 * ```
 */
export function scanTomlTables(text: string): TomlTableScan {
  const headers: TomlTableHeader[] = [];
  let index = 0;
  let depth = 0;
  let lineStart = 0;
  let atLineStart = true;
  while (index < text.length) {
    const character = text[index];
    if (character === "\n") {
      index += 1;
      if (depth === 0) {
        lineStart = index;
        atLineStart = true;
      }
      continue;
    }
    if (atLineStart) {
      if (character === " " || character === "\t" || character === "\r") {
        index += 1;
        continue;
      }
      atLineStart = false;
      if (character === "[") {
        const header = readHeader(text, index, lineStart);
        if (header === null) return { ok: false };
        headers.push(header);
        index = header.bodyStart;
        lineStart = index;
        atLineStart = true;
        continue;
      }
    }
    if (character === "#") {
      index = findLineEnd(text, index);
    } else if (character === '"' || character === "'") {
      const end = skipString(text, index);
      if (end === null) return { ok: false };
      index = end;
    } else {
      if (character === "[" || character === "{") depth += 1;
      else if ((character === "]" || character === "}") && depth > 0) depth -= 1;
      index += 1;
    }
  }
  for (const [position, header] of headers.entries()) {
    header.end = headers[position + 1]?.start ?? text.length;
  }
  return { ok: true, headers };
}

/** The keys a header's text names, as the parser reads `[a."b"]` or `[[a.b]]`; null if it is not one. */
function readHeaderKeys(headerText: string): string[] | null {
  let value: unknown;
  try {
    value = parse(`${headerText}\n`);
  } catch {
    return null;
  }
  const keys: string[] = [];
  let current = value;
  for (;;) {
    if (!isRecord(current)) return null;
    const entries = Object.entries(current);
    const [first] = entries;
    if (entries.length !== 1 || first === undefined) break;
    keys.push(first[0]);
    current = Array.isArray(first[1]) ? first[1][0] : first[1];
  }
  return keys.length === 0 ? null : keys;
}

function readHeader(text: string, open: number, lineStart: number): TomlTableHeader | null {
  const array = text[open + 1] === "[";
  let index = open + (array ? 2 : 1);
  for (;;) {
    const character = text[index];
    if (character === undefined || character === "\n") return null;
    if (character === '"' || character === "'") {
      const end = skipString(text, index);
      if (end === null) return null;
      index = end;
      continue;
    }
    if (character === "]") break;
    index += 1;
  }
  if (array && text[index + 1] !== "]") return null;
  const headerEnd = index + (array ? 2 : 1);
  const keys = readHeaderKeys(text.slice(open, headerEnd));
  if (keys === null) return null;
  const lineEnd = findLineEnd(text, headerEnd);
  if (!/^[ \t]*(#.*)?\r?$/s.test(text.slice(headerEnd, lineEnd))) return null;
  const bodyStart = lineEnd < text.length ? lineEnd + 1 : lineEnd;
  return { keys, array, start: lineStart, bodyStart, end: bodyStart };
}

/** The offset of the next line feed at or after `index`, or the text's length. */
function findLineEnd(text: string, index: number): number {
  const end = text.indexOf("\n", index);
  return end === -1 ? text.length : end;
}

/** The offset just after the string that opens at `index`, or null when it never closes. */
function skipString(text: string, index: number): number | null {
  const quote = text[index] ?? "";
  const escapes = quote === '"';
  const triple = quote.repeat(3);
  if (text.startsWith(triple, index)) {
    let position = index + 3;
    for (;;) {
      const close = text.indexOf(triple, position);
      if (close === -1) return null;
      if (escapes && isEscaped(text, close, index + 3)) {
        position = close + 1;
        continue;
      }
      // A closing delimiter may be preceded by up to two quotes of the content (`""""`).
      let end = close + 3;
      while (end < close + 5 && text[end] === quote) end += 1;
      return end;
    }
  }
  for (let position = index + 1; position < text.length; position += 1) {
    const character = text[position];
    if (character === "\n") return null;
    if (escapes && character === "\\") {
      position += 1;
      continue;
    }
    if (character === quote) return position + 1;
  }
  return null;
}

/** Whether the character at `index` follows an odd run of backslashes that started after `from`. */
function isEscaped(text: string, index: number, from: number): boolean {
  let count = 0;
  for (let position = index - 1; position >= from && text[position] === "\\"; position -= 1) {
    count += 1;
  }
  return count % 2 === 1;
}
