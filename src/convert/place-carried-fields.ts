import { isRecord } from "../shared/is-record.js";
import { readOwn } from "../shared/read-own.js";
import { writeOwn } from "../shared/write-own.js";
import { compactObject } from "./compact-object.js";
import type { CarriedField } from "./portable-hooks.js";

/** Sets carried fields back at their places in a document or handler object. */
function placeCarriedFields(
  target: Record<string, unknown>,
  fields: readonly CarriedField[],
): void {
  for (const field of fields) {
    let container = target;
    const parents = field.segments.slice(0, -1);
    const last = field.segments.at(-1);
    if (last === undefined) continue;
    for (const segment of parents) {
      const next = readOwn(container, segment);
      if (typeof next === "object" && next !== null && !Array.isArray(next)) {
        container = next as Record<string, unknown>;
      } else {
        const created: Record<string, unknown> = {};
        writeOwn(container, segment, created);
        container = created;
      }
    }
    writeOwn(container, last, field.value);
  }
}

/** A written handler or entry: its defined fields, then its carried ones at their places. */
export function buildWrittenHandler(
  fields: Record<string, unknown>,
  carried: readonly CarriedField[],
): Record<string, unknown> {
  const handler = compactObject(fields);
  placeCarriedFields(handler, carried);
  return handler;
}

/**
 * A written document: `leading` fields, the carried ones at their places, the defined `fields`,
 * then the events map as `hooks` (merged into a carried `hooks` table, ZeroCode's `managed_dir`).
 */
export function buildWrittenDocument(parts: {
  leading?: Record<string, unknown>;
  carried: readonly CarriedField[];
  fields?: Record<string, unknown>;
  events: Record<string, unknown>;
}): Record<string, unknown> {
  const document: Record<string, unknown> = { ...parts.leading };
  placeCarriedFields(document, parts.carried);
  Object.assign(document, compactObject(parts.fields ?? {}));
  const table = document.hooks;
  document.hooks = isRecord(table) ? { ...table, ...parts.events } : parts.events;
  return document;
}
