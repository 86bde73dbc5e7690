import type { JSONValue } from "ai";
import { isRecord } from "../../shared/is-record.js";

/** A value as JSON the model can be sent: plain data kept, `undefined` as null, anything else as text. */
export function toJsonValue(value: unknown): JSONValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : String(value);
  if (Array.isArray(value)) return value.map((item) => toJsonValue(item));
  if (isRecord(value)) {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return Object.fromEntries(entries.map(([key, item]) => [key, toJsonValue(item)]));
  }
  return String(value);
}
