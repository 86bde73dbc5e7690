import { eventOutputFields, isEventOutputField } from "../profiles/event-output-fields.js";

/**
 * Merges one handler's event output fields into those of the handlers before it in configuration
 * order, by each field's rule: the first value kept, or lists concatenated. Returns the merged
 * record (a new one when `merged` is undefined).
 *
 * @example
 * ```ts
 * mergeEventOutput({ watchPaths: ["/a"] }, { watchPaths: ["/b"], sessionTitle: "x" });
 * // { watchPaths: ["/a", "/b"], sessionTitle: "x" }
 * ```
 */
export function mergeEventOutput(
  merged: Record<string, unknown> | undefined,
  addition: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const result = merged ?? {};
  for (const [name, value] of Object.entries(addition)) {
    // Only the table's fields: a name such as "__proto__" never becomes a key.
    if (!isEventOutputField(name)) continue;
    const earlier = result[name];
    if (!Object.hasOwn(result, name)) {
      result[name] = value;
    } else if (
      eventOutputFields[name].merge === "concatenate" &&
      Array.isArray(earlier) &&
      Array.isArray(value)
    ) {
      result[name] = [...earlier, ...value];
    }
  }
  return result;
}
