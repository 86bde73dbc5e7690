import {
  applyEdits,
  createScanner,
  type Edit,
  findNodeAtLocation,
  format,
  modify,
  type Node,
  parseTree,
} from "jsonc-parser";
import type { MergeChange } from "./plan-hook-merge.js";

/** The scanner's token kinds read here (jsonc-parser's `SyntaxKind`, a const enum). */
const tokenKinds = {
  comma: 5,
  lineComment: 12,
  blockComment: 13,
  lineBreak: 14,
  trivia: 15,
} as const;
const triviaKinds: ReadonlySet<number> = new Set([
  tokenKinds.lineComment,
  tokenKinds.blockComment,
  tokenKinds.lineBreak,
  tokenKinds.trivia,
]);

/** How the document is laid out: its indent unit and line end. */
interface JsonLayout {
  indent: string;
  newline: string;
  /** Whether the document is written on one line (minified): what is added is too. */
  compact: boolean;
}

/**
 * Sets values in JSON or JSONC text by editing only the text of what changes: a value that is
 * there is replaced in place, a missing key is added after the object's last member (after that
 * line's comment), formatted with the document's own indent and line ends. Comments, key order and
 * the formatting of everything else stay as they were. Null when the text is not an object
 * document or a parent on a path is not an object; the caller parses the result to verify it.
 *
 * @example
 * ```ts
 * applyJsonChanges('{\n  "theme": "dark" // mine\n}\n', [{ path: ["hooks"], value: {} }]);
 * // '{\n  "theme": "dark", // mine\n  "hooks": {}\n}\n'
 * ```
 */
export function applyJsonChanges(text: string, changes: readonly MergeChange[]): string | null {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  let body = text.slice(bom.length);
  const layout = detectLayout(body);
  for (const change of changes) {
    const next = applyChange(body, change, layout);
    if (next === null) return null;
    body = next;
  }
  return `${bom}${body}`;
}

function applyChange(text: string, change: MergeChange, layout: JsonLayout): string | null {
  const root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  if (root?.type !== "object") return null;
  const existing = findNodeAtLocation(root, [...change.path]);
  if (existing !== undefined) {
    const replaced = formatValue(change.value, layout, findLineIndent(text, existing.offset));
    return splice(text, existing.offset, existing.length, replaced);
  }
  const parent = findNodeAtLocation(root, change.path.slice(0, -1));
  const key = change.path.at(-1);
  if (parent?.type !== "object" || key === undefined) return null;
  return insertMember(text, parent, key, change.value, layout) ?? modifyText(text, change, layout);
}

/** Adds `"key": value` as the object's last member, on its own line; null for a one-line object. */
function insertMember(
  text: string,
  object: Node,
  key: string,
  value: unknown,
  layout: JsonLayout,
): string | null {
  const members = object.children ?? [];
  const last = members.at(-1);
  const close = object.offset + object.length - 1;
  if (last === undefined && layout.compact) {
    return splice(text, object.offset + 1, 0, `${JSON.stringify(key)}:${JSON.stringify(value)}`);
  }
  if (last === undefined) {
    const inner = text.slice(object.offset + 1, close);
    if (inner.trim() !== "") return null;
    const indent = findLineIndent(text, object.offset);
    const member = `${layout.newline}${indent}${layout.indent}${formatMember(key, value, layout, indent + layout.indent)}${layout.newline}${indent}`;
    return splice(text, object.offset + 1, inner.length, member);
  }
  const valueEnd = last.offset + last.length;
  if (layout.compact)
    return splice(text, valueEnd, 0, `,${JSON.stringify(key)}:${JSON.stringify(value)}`);
  const comma = findCommaAfter(text, valueEnd);
  const anchor = comma === null ? valueEnd : comma + 1;
  const lineFeed = text.indexOf("\n", anchor);
  const lineEnd =
    lineFeed === -1 ? text.length : text[lineFeed - 1] === "\r" ? lineFeed - 1 : lineFeed;
  // The object's own closing brace on that line: left to jsonc-parser's insertion.
  if (close < lineEnd) return null;
  if (!/^[ \t]*(\/\*.*?\*\/[ \t]*)*(\/\/.*)?$/.test(text.slice(anchor, lineEnd))) return null;
  const indent = findLineIndent(text, last.offset);
  const member = `${layout.newline}${indent}${formatMember(key, value, layout, indent)}`;
  const withMember = splice(text, lineEnd, 0, member);
  return comma === null ? splice(withMember, valueEnd, 0, ",") : withMember;
}

/** jsonc-parser's own insertion, formatted only where it inserted (never the lines around it). */
function modifyText(text: string, change: MergeChange, layout: JsonLayout): string {
  const options = {
    insertSpaces: !layout.indent.startsWith("\t"),
    tabSize: layout.indent.startsWith("\t") ? 1 : layout.indent.length,
    eol: layout.newline,
  };
  let result = text;
  const edits: Edit[] = modify(text, [...change.path], change.value, {});
  for (const edit of [...edits].sort((a, b) => b.offset - a.offset)) {
    result = applyEdits(result, [edit]);
    result = applyEdits(
      result,
      format(result, { offset: edit.offset, length: edit.content.length }, options),
    );
  }
  return result;
}

/** The offset of the comma after a member that ends at `offset`, skipping comments; else null. */
function findCommaAfter(text: string, offset: number): number | null {
  const scanner = createScanner(text, false);
  scanner.setPosition(offset);
  for (;;) {
    const token: number = scanner.scan();
    if (triviaKinds.has(token)) continue;
    return token === tokenKinds.comma ? scanner.getTokenOffset() : null;
  }
}

function formatMember(key: string, value: unknown, layout: JsonLayout, indent: string): string {
  return `${JSON.stringify(key)}: ${formatValue(value, layout, indent)}`;
}

/** A value as pretty JSON in the document's indent unit, continued lines indented by `indent`. */
function formatValue(value: unknown, layout: JsonLayout, indent: string): string {
  if (layout.compact) return JSON.stringify(value);
  return JSON.stringify(value, null, layout.indent).split("\n").join(`${layout.newline}${indent}`);
}

/** The whitespace that starts the line holding `offset`. */
function findLineIndent(text: string, offset: number): string {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))?.[0] ?? "";
}

/** The indent of the first indented line (two spaces when none is), and the line end. */
function detectLayout(text: string): JsonLayout {
  const newline = text.includes("\r\n") ? "\r\n" : "\n";
  const compact = !text.trim().includes("\n") && text.trim() !== "{}";
  const indented = /\n([ \t]+)\S/.exec(text)?.[1];
  const indent =
    indented === undefined ? "  " : indented.startsWith("\t") ? "\t" : indented.replace(/\t/g, "");
  return { indent: indent === "" ? "  " : indent, newline, compact };
}

function splice(text: string, offset: number, length: number, insert: string): string {
  return `${text.slice(0, offset)}${insert}${text.slice(offset + length)}`;
}
