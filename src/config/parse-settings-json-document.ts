import { createDiagnostic } from "../diagnostic.js";
import type { JsonDocument } from "./parse-json-document.js";
import { parseJsonDocument } from "./parse-json-document.js";

/**
 * Parses a settings file the way an agent that reads it as strict JSON does (Claude Code): a
 * leading byte-order mark is dropped and a file of only whitespace has no value (empty
 * settings), but a comment, a trailing comma or any other syntax error makes the whole file
 * fail, with an `invalid_json` error that gives the first error's line and column and says that
 * `reader` skips the file.
 *
 * @example
 * ```ts
 * parseSettingsJsonDocument('{ "hooks": {} // mine\n}', "settings.json", "Claude Code");
 * // → { ok: false, diagnostic: { code: "invalid_json", message: "settings.json is not valid JSON: comments are not allowed at line 1, column 15. Claude Code reads this file as strict JSON; …" } }
 * ```
 */
export function parseSettingsJsonDocument(
  text: string,
  file: string,
  reader: string,
): JsonDocument {
  const content = text.startsWith("\uFEFF") ? text.slice(1) : text;
  if (content.trim() === "") return { ok: true, value: undefined };
  const parsed = parseJsonDocument(content, file);
  if (parsed.ok) return parsed;
  const message = `${parsed.diagnostic.message}. ${reader} reads this file as strict JSON; comments or trailing commas make it skip the whole file ("Invalid or malformed JSON"), so none of its hooks run`;
  return { ok: false, diagnostic: createDiagnostic("invalid_json", "error", message, { file }) };
}
