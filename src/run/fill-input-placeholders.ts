import { isRecord } from "../shared/is-record.js";
import { writeOwn } from "../shared/write-own.js";

// `${tool_input.file_path}`, `${session_id}`, `${tool_input.edits.0.old_string}`: dot-separated
// keys (or array indexes) into the event payload.
const placeholderPattern = /\$\{([\w-]+(?:\.[\w-]+)*)\}/g;
const wholePlaceholderPattern = /^\$\{([\w-]+(?:\.[\w-]+)*)\}$/;

/**
 * Fills the `${path}` placeholders in the string values of an `mcp_tool` handler's `input`,
 * at any depth, from the event payload. A string that is exactly one placeholder takes the
 * value's own JSON type (an object stays an object); inside longer text a string is inserted as
 * is and any other value as JSON. A path the payload lacks becomes the empty string. Keys and
 * non-string values are never changed.
 *
 * @example
 * ```ts
 * fillInputPlaceholders(
 *   { path: "${tool_input.file_path}", note: "edit of ${tool_input.file_path}" },
 *   { tool_input: { file_path: "/src/a.ts" } },
 * );
 * // { path: "/src/a.ts", note: "edit of /src/a.ts" }
 * ```
 */
export function fillInputPlaceholders(
  input: Readonly<Record<string, unknown>>,
  payload: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  return fillRecord(input, payload);
}

function fillRecord(
  record: Readonly<Record<string, unknown>>,
  payload: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const filled: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    // defineProperty, so a key named __proto__ stays a plain key.
    writeOwn(filled, key, fillValue(value, payload));
  }
  return filled;
}

function fillValue(value: unknown, payload: Readonly<Record<string, unknown>>): unknown {
  if (typeof value === "string") return fillText(value, payload);
  if (Array.isArray(value)) return value.map((item) => fillValue(item, payload));
  if (isRecord(value)) return fillRecord(value, payload);
  return value;
}

function fillText(text: string, payload: Readonly<Record<string, unknown>>): unknown {
  const whole = wholePlaceholderPattern.exec(text);
  if (whole?.[1] !== undefined) {
    const found = lookUpPath(payload, whole[1]);
    return found === undefined ? "" : structuredClone(found);
  }
  return text.replace(placeholderPattern, (_match, path: string) =>
    formatInline(lookUpPath(payload, path)),
  );
}

function formatInline(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? "";
}

// Own keys only: `${constructor}` or `${tool_input.__proto__}` find nothing.
function lookUpPath(payload: Readonly<Record<string, unknown>>, path: string): unknown {
  let current: unknown = payload;
  for (const segment of path.split(".")) {
    if (Array.isArray(current) && /^\d+$/.test(segment)) {
      current = current[Number(segment)];
    } else if (isRecord(current) && Object.hasOwn(current, segment)) {
      current = current[segment];
    } else {
      return undefined;
    }
  }
  return current;
}
