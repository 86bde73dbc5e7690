import {
  type JSONVisitor,
  type ParseError,
  type ParseOptions,
  printParseErrorCode,
  visit,
} from "jsonc-parser";
import { createDiagnostic } from "../diagnostic.js";
import { writeOwn } from "../shared/write-own.js";
import { describeJsonParseError } from "./describe-json-parse-error.js";
import type { JsonDocument } from "./parse-json-document.js";

/**
 * Parses JSON with comments (JSONC), the way settings files are written: line and block
 * comments, trailing commas, a leading byte-order mark and an empty file (no value) are accepted;
 * any other syntax error is reported with its line and column. Keys are own properties, as
 * `JSON.parse` makes them (a `__proto__` key is data, never a prototype), and nesting too deep to
 * parse is an `invalid_json` error, never an exception.
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
  let value: unknown;
  try {
    value = buildJsoncValue(content, errors, {
      allowTrailingComma: true,
      disallowComments: false,
      allowEmptyContent: true,
    });
  } catch (error) {
    // The scanner recurses once per nesting level; a stack overflow means the file nests too deep.
    if (!(error instanceof RangeError)) throw error;
    const message = `${file} is not valid JSON: it is nested too deeply to read`;
    return { ok: false, diagnostic: createDiagnostic("invalid_json", "error", message, { file }) };
  }
  const first = errors[0];
  if (first === undefined) return { ok: true, value };
  const message = `${file} is not valid JSON: ${describeJsonParseError(content, first.offset, printParseErrorCode(first.error))}`;
  return { ok: false, diagnostic: createDiagnostic("invalid_json", "error", message, { file }) };
}

/** Builds the value of JSONC text like `jsonc-parser`'s `parse`, with keys defined as own data. */
function buildJsoncValue(text: string, errors: ParseError[], options: ParseOptions): unknown {
  const root: unknown[] = [];
  let parent: unknown[] | Record<string, unknown> = root;
  let property: string | null = null;
  const parents: (unknown[] | Record<string, unknown>)[] = [];
  const add = (value: unknown) => {
    if (Array.isArray(parent)) parent.push(value);
    else if (property !== null) {
      // Assignment would make `__proto__` the object's prototype; a defined property stays data.
      writeOwn(parent, property, value);
    }
  };
  const open = (container: unknown[] | Record<string, unknown>) => {
    add(container);
    parents.push(parent);
    parent = container;
    property = null;
  };
  const close = () => {
    parent = parents.pop() ?? root;
  };
  const visitor: JSONVisitor = {
    onObjectBegin: () => open({}),
    onObjectProperty: (name) => {
      property = name;
    },
    onObjectEnd: close,
    onArrayBegin: () => open([]),
    onArrayEnd: close,
    onLiteralValue: add,
    onError: (error, offset, length) => {
      errors.push({ error, offset, length });
    },
  };
  visit(text, visitor, options);
  return root[0];
}
