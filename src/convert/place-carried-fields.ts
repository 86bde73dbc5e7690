import type { CarriedField } from "./portable-hooks.js";

/** Sets carried fields back at their places in a document or handler object. */
export function placeCarriedFields(
  target: Record<string, unknown>,
  fields: readonly CarriedField[],
): void {
  for (const field of fields) {
    let container = target;
    const parents = field.segments.slice(0, -1);
    const last = field.segments.at(-1);
    if (last === undefined) continue;
    for (const segment of parents) {
      const next = container[segment];
      if (typeof next === "object" && next !== null && !Array.isArray(next)) {
        container = next as Record<string, unknown>;
      } else {
        const created: Record<string, unknown> = {};
        container[segment] = created;
        container = created;
      }
    }
    container[last] = field.value;
  }
}
