import { createRequire } from "node:module";
import type * as JsoncParser from "jsonc-parser";
import type { ParseError } from "jsonc-parser";
import { createDiagnostic, type Diagnostic } from "../diagnostic.js";
import { safeParseJson } from "../shared/safe-parse-json.js";
import { describeJsonParseError } from "./describe-json-parse-error.js";

/** The result of reading a JSON configuration document. */
export type JsonDocument = { ok: true; value: unknown } | { ok: false; diagnostic: Diagnostic };

/** Parses strict JSON text, reporting the first syntax error with its line and column. */
export function parseJsonDocument(text: string, file: string): JsonDocument {
  // The native parser is many times faster; the scanner below only locates an error.
  const native = safeParseJson(text);
  if (native.success) return { ok: true, value: native.value };
  // Loaded only here, to locate an error: valid files never load the scanner.
  const { parse, printParseErrorCode } = createRequire(import.meta.url)(
    "jsonc-parser",
  ) as typeof JsoncParser;
  const errors: ParseError[] = [];
  try {
    // Only the errors are read: the native parser already said the text is not JSON.
    parse(text, errors, {
      allowTrailingComma: false,
      disallowComments: true,
      allowEmptyContent: false,
    });
  } catch (error) {
    // The scanner recurses once per nesting level; a stack overflow means the text nests too deep.
    if (!(error instanceof RangeError)) throw error;
  }
  const first = errors[0];
  if (first === undefined) {
    const reason = native.error instanceof Error ? native.error.message : String(native.error);
    const message = `${file} is not valid JSON: ${reason}`;
    return { ok: false, diagnostic: createDiagnostic("invalid_json", "error", message, { file }) };
  }
  const message = `${file} is not valid JSON: ${describeJsonParseError(text, first.offset, printParseErrorCode(first.error))}`;
  return { ok: false, diagnostic: createDiagnostic("invalid_json", "error", message, { file }) };
}
