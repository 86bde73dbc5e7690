import { type ParseError, parse, printParseErrorCode } from "jsonc-parser";
import { createDiagnostic } from "../diagnostic.js";
import type { JsonDocument } from "./parse-json-document.js";

/**
 * Parses JSON with comments (JSONC), the way settings files are written: line and block
 * comments, trailing commas, a leading byte-order mark and an empty file (no value) are accepted;
 * any other syntax error is reported with its line and column.
 *
 * @example
 * ```ts
 * const parsed = parseJsoncDocument('{ "hooks": {}, // mine\n }', "settings.json");
 * if (parsed.ok) console.log(parsed.value); // { hooks: {} }
 * ```
 */
export function parseJsoncDocument(text: string, file: string): JsonDocument {
  const content = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const errors: ParseError[] = [];
  const value: unknown = parse(content, errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: true,
  });
  const first = errors[0];
  if (first === undefined) return { ok: true, value };
  const { line, column } = locateOffset(content, first.offset);
  const message = `${file} is not valid JSON: ${printParseErrorCode(first.error)} at line ${line}, column ${column}`;
  return { ok: false, diagnostic: createDiagnostic("invalid_json", "error", message, { file }) };
}

function locateOffset(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split("\n");
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}
