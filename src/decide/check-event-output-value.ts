import type { EventOutputValue } from "../profiles/event-output-fields.js";
import { isRecord } from "../shared/is-record.js";

/**
 * Whether a JSON value has an event output field's type (`eventOutputFields`); a wrong one is
 * reported and dropped by the caller.
 *
 * @example
 * ```ts
 * checkEventOutputValue(["/repo/.envrc"], "string-list"); // true
 * checkEventOutputValue("yes", "boolean"); // false
 * ```
 */
export function checkEventOutputValue(value: unknown, type: EventOutputValue): boolean {
  if (typeof type === "object") return typeof value === "string" && type.oneOf.includes(value);
  switch (type) {
    case "string":
      return typeof value === "string";
    case "boolean":
      return typeof value === "boolean";
    case "object":
      return isRecord(value);
    case "list":
      return Array.isArray(value);
    case "string-list":
      return Array.isArray(value) && value.every((item) => typeof item === "string");
    case "any":
      return value !== undefined;
  }
}
