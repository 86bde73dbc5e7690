import { isRecord } from "../shared/is-record.js";
import { safeParseJson } from "../shared/safe-parse-json.js";

/** Streamed tool arguments read as `tool_args`, or `ok: false` when they are not complete JSON. */
export type ParsedToolArguments = { ok: true; value: Record<string, unknown> } | { ok: false };

/**
 * Parses a tool call's accumulated argument text as JSON, never throwing; a value that is not an
 * object (an array, string, number, boolean or null) is wrapped as `{"value": …}`.
 *
 * @example
 * ```ts
 * parseToolArguments('{"path": "a.ts"}'); // { ok: true, value: { path: "a.ts" } }
 * parseToolArguments("[1, 2]"); // { ok: true, value: { value: [1, 2] } }
 * parseToolArguments('{"path": '); // { ok: false }
 * ```
 */
export function parseToolArguments(text: string): ParsedToolArguments {
  const parsed = safeParseJson(text);
  if (!parsed.success) return { ok: false };
  const { value } = parsed;
  return { ok: true, value: isRecord(value) ? value : { value } };
}
