import { formatTomlKey } from "./format-toml-key.js";
import { scanTomlTables, type TomlTableHeader } from "./scan-toml-tables.js";

const leadingValue = /^("(?:[^"\\]|\\.)*"|'[^']*'|[^\s#]+)(.*)$/s;

/**
 * Sets `key = <valueText>` in the table `tableKeys` of TOML text (`[]` for the root table) by
 * editing the text, so comments, key order and formatting around it survive: a one-line
 * `key = …` of that table is replaced (its trailing comment kept), else the line is added under
 * the table's `[header]` (or after the root table's last key), else the table is appended with a
 * blank line before it. Line ends follow the text's (CRLF when it has any). The edit is not
 * verified: the caller parses the result and compares it with what it expects (a key set with
 * dotted keys or an inline table cannot be edited this way). Null when the text cannot be scanned.
 *
 * @example
 * ```ts
 * setTomlValue('model = "x" # mine\n', ["projects", "/repo"], "trust_level", '"trusted"');
 * // 'model = "x" # mine\n\n[projects."/repo"]\ntrust_level = "trusted"\n'
 * ```
 */
export function setTomlValue(
  text: string,
  tableKeys: readonly string[],
  key: string,
  valueText: string,
): string | null {
  const scan = scanTomlTables(text);
  if (!scan.ok) return null;
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const table = findTable(text, scan.headers, tableKeys);
  if (table === null)
    return appendTable(text, tableKeys, `${formatTomlKey(key)} = ${valueText}`, newline);
  const replaced = replaceKeyLine(text, table, key, valueText);
  if (replaced !== null) return replaced;
  const line = `${formatTomlKey(key)} = ${valueText}${newline}`;
  if (tableKeys.length > 0) {
    const before = text.slice(0, table.bodyStart);
    const separator = before.endsWith("\n") || before === "" ? "" : newline;
    return `${before}${separator}${line}${text.slice(table.bodyStart)}`;
  }
  const at = findContentEnd(text, table.bodyStart, table.end);
  const gap = at === 0 && text.trim() !== "" ? newline : "";
  const separator = at > 0 && !text.slice(0, at).endsWith("\n") ? newline : "";
  return `${text.slice(0, at)}${separator}${line}${gap}${text.slice(at)}`;
}

/** Where a table's own text is: the root table's is everything before the first header. */
type TableSpan = Pick<TomlTableHeader, "bodyStart" | "end">;

function findTable(
  text: string,
  headers: readonly TomlTableHeader[],
  tableKeys: readonly string[],
): TableSpan | null {
  if (tableKeys.length === 0) return { bodyStart: 0, end: headers[0]?.start ?? text.length };
  return (
    headers.find(
      (header) =>
        !header.array &&
        header.keys.length === tableKeys.length &&
        header.keys.every((part, index) => part === tableKeys[index]),
    ) ?? null
  );
}

/**
 * The offset just after the last line of a span that holds more than blank space or a comment:
 * comments just before the next header stay with it. The span's start when there is none.
 */
export function findContentEnd(text: string, start: number, end: number): number {
  let position = end;
  while (position > start) {
    const lineStart = Math.max(start, text.lastIndexOf("\n", position - 2) + 1);
    const line = text.slice(lineStart, position);
    if (!/^\s*(#.*)?\s*$/s.test(line)) return position;
    position = lineStart;
  }
  return start;
}

function replaceKeyLine(
  text: string,
  table: TableSpan,
  key: string,
  valueText: string,
): string | null {
  const spellings = [formatTomlKey(key), JSON.stringify(key)];
  if (!key.includes("'") && !/[\r\n]/.test(key)) spellings.push(`'${key}'`);
  const alternatives = [...new Set(spellings)].map(escapeRegExp).join("|");
  const keyLine = new RegExp(`^(\\s*(?:${alternatives})\\s*=\\s*)(.*)$`, "s");
  let lineStart = table.bodyStart;
  while (lineStart < table.end) {
    const lineFeed = text.indexOf("\n", lineStart);
    const lineEnd = lineFeed === -1 || lineFeed >= table.end ? table.end : lineFeed;
    const match = keyLine.exec(text.slice(lineStart, lineEnd));
    if (match !== null) {
      const [, prefix = "", rest = ""] = match;
      const trailing = leadingValue.exec(rest)?.[2] ?? (rest.endsWith("\r") ? "\r" : "");
      return `${text.slice(0, lineStart)}${prefix}${valueText}${trailing}${text.slice(lineEnd)}`;
    }
    lineStart = lineEnd + 1;
  }
  return null;
}

function appendTable(
  text: string,
  tableKeys: readonly string[],
  line: string,
  newline: string,
): string {
  let result = text;
  if (result !== "" && !result.endsWith("\n")) result += newline;
  if (result.trim() !== "" && !result.endsWith(`${newline}${newline}`)) result += newline;
  const header =
    tableKeys.length === 0 ? "" : `[${tableKeys.map(formatTomlKey).join(".")}]${newline}`;
  return `${result}${header}${line}${newline}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
