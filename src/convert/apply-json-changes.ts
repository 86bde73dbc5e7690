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
  if (existing !== undefined && change.listEdit !== undefined && existing.type === "array") {
    return editList(text, change.path, change.listEdit, layout);
  }
  if (existing !== undefined) {
    const replaced = formatValue(change.value, layout, findLineIndent(text, existing.offset));
    return splice(text, existing.offset, existing.length, replaced);
  }
  const parent = findNodeAtLocation(root, change.path.slice(0, -1));
  const key = change.path.at(-1);
  if (parent?.type !== "object" || key === undefined) return null;
  const member = (indent: string) => formatMember(key, change.value, layout, indent);
  return (
    insertChild(text, parent, member, layout) ??
    modifyText(text, change.path, change.value, false, layout)
  );
}

/** Removes a list's entries by index and appends others after the rest, editing only those. */
function editList(
  text: string,
  path: readonly string[],
  edit: NonNullable<MergeChange["listEdit"]>,
  layout: JsonLayout,
): string | null {
  let result = text;
  for (const index of [...edit.remove].sort((a, b) => b - a)) {
    const root = parseTree(result, [], { allowTrailingComma: true, disallowComments: false });
    const element = root === undefined ? undefined : findNodeAtLocation(root, [...path, index]);
    if (element === undefined) return null;
    result = removeElement(result, element, [...path, index]);
  }
  for (const value of edit.append) {
    const root = parseTree(result, [], { allowTrailingComma: true, disallowComments: false });
    const list = root === undefined ? undefined : findNodeAtLocation(root, [...path]);
    if (list?.type !== "array") return null;
    const element = (indent: string) => formatValue(value, layout, indent);
    result =
      insertChild(result, list, element, layout) ??
      modifyText(result, [...path, String(list.children?.length ?? 0)], value, true, layout);
  }
  return result;
}

/**
 * Removes a list element: its whole lines (and its comma) when it has lines of its own, so no
 * blank line or stray comma is left; else jsonc-parser's removal. A comma left after the new last
 * element is removed too, so a strict JSON file stays strict.
 */
function removeElement(text: string, element: Node, path: (string | number)[]): string {
  const end = element.offset + element.length;
  const comma = findCommaAfter(text, end);
  const lineStart = text.lastIndexOf("\n", element.offset - 1) + 1;
  const after = comma === null ? end : comma + 1;
  const lineFeed = text.indexOf("\n", after);
  const lineEnd = lineFeed === -1 ? text.length : lineFeed + 1;
  const ownLines =
    text.slice(lineStart, element.offset).trim() === "" &&
    /^[ \t]*(\/\/.*)?\r?\n?$/.test(text.slice(after, lineEnd));
  if (!ownLines) {
    return applyEdits(text, modify(text, path, undefined, {}));
  }
  const removed = splice(text, lineStart, lineEnd - lineStart, "");
  if (comma !== null) return removed;
  // The last element went: the one before it, if any, must not keep its comma.
  const siblings = element.parent?.children ?? [];
  const previous = siblings[siblings.indexOf(element) - 1];
  if (previous === undefined) return removed;
  const previousComma = findCommaAfter(removed, previous.offset + previous.length);
  return previousComma === null ? removed : splice(removed, previousComma, 1, "");
}

/**
 * Adds a child after the last child of an object or array, on its own line after that child's
 * line (and its comment), indented like it; null where the container's closing bracket shares
 * that line (the caller falls back to jsonc-parser's insertion).
 */
function insertChild(
  text: string,
  container: Node,
  formatChild: (indent: string) => string,
  layout: JsonLayout,
): string | null {
  const children = container.children ?? [];
  const last = children.at(-1);
  const close = container.offset + container.length - 1;
  if (last === undefined && layout.compact) {
    return splice(text, container.offset + 1, 0, formatChild(""));
  }
  if (last === undefined) {
    const inner = text.slice(container.offset + 1, close);
    if (inner.trim() !== "") return null;
    const indent = findLineIndent(text, container.offset);
    const child = `${layout.newline}${indent}${layout.indent}${formatChild(indent + layout.indent)}${layout.newline}${indent}`;
    return splice(text, container.offset + 1, inner.length, child);
  }
  const valueEnd = last.offset + last.length;
  if (layout.compact) return splice(text, valueEnd, 0, `,${formatChild("")}`);
  const comma = findCommaAfter(text, valueEnd);
  const anchor = comma === null ? valueEnd : comma + 1;
  const lineFeed = text.indexOf("\n", anchor);
  const lineEnd =
    lineFeed === -1 ? text.length : text[lineFeed - 1] === "\r" ? lineFeed - 1 : lineFeed;
  // The container's own closing bracket on that line: left to jsonc-parser's insertion.
  if (close < lineEnd) return null;
  if (!/^[ \t]*(\/\*.*?\*\/[ \t]*)*(\/\/.*)?$/.test(text.slice(anchor, lineEnd))) return null;
  const indent = findLineIndent(text, last.offset);
  const withChild = splice(text, lineEnd, 0, `${layout.newline}${indent}${formatChild(indent)}`);
  return comma === null ? splice(withChild, valueEnd, 0, ",") : withChild;
}

/** jsonc-parser's own insertion, formatted only where it inserted (never the lines around it). */
function modifyText(
  text: string,
  path: readonly (string | number)[],
  value: unknown,
  isArrayInsertion: boolean,
  layout: JsonLayout,
): string {
  const options = {
    insertSpaces: !layout.indent.startsWith("\t"),
    tabSize: layout.indent.startsWith("\t") ? 1 : layout.indent.length,
    eol: layout.newline,
  };
  const location = isArrayInsertion ? [...path.slice(0, -1), Number(path.at(-1))] : [...path];
  let result = text;
  const edits: Edit[] = modify(text, location, value, { isArrayInsertion });
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
  return `${JSON.stringify(key)}:${layout.compact ? "" : " "}${formatValue(value, layout, indent)}`;
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
