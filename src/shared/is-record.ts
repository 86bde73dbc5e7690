/** Whether a parsed JSON or TOML value is a plain object (a table), not an array, date or null. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === "[object Object]";
}
