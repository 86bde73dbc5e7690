import type { EventOutputValue } from "./event-output-fields.js";

/**
 * Whether a JSON value has an event output field's type (`eventOutputFields`); a wrong one is
 * reported and dropped by the engine, and refused by the SDK before the host sees it.
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
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "list":
      return Array.isArray(value);
    case "string-list":
      return Array.isArray(value) && value.every((item) => typeof item === "string");
    case "any":
      return value !== undefined;
  }
}
