import type { z as Zod } from "zod";
import { requireZod } from "../../require-zod.js";
import { fieldKinds, invalidValue } from "./field-kinds.js";
import {
  createHandlerSchema,
  type FieldValues,
  type HandlerFieldTable,
} from "./handler-field-table.js";

/** zod issues, reported by the caller at the handler's path. */
export type ReportIssues = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) => void;

const schemas = new WeakMap<HandlerFieldTable, Zod.ZodType>();

type TableEntry = readonly [string, HandlerFieldTable[string]];
const tableEntries = new WeakMap<HandlerFieldTable, readonly TableEntry[]>();

function listTableEntries(table: HandlerFieldTable): readonly TableEntry[] {
  let entries = tableEntries.get(table);
  if (entries === undefined) {
    entries = Object.entries(table);
    tableEntries.set(table, entries);
  }
  return entries;
}

/**
 * A handler's fields: plainly valid ones as {@link readPlainFields} reads them, anything else
 * through the table's zod schema (built once, on first need), whose issues go to
 * `reportIssues`. Null when the handler is invalid.
 *
 * @example
 * ```ts
 * const data = readHandlerFields(handler, deepagentsHandlerFields, (issues) => report(issues));
 * ```
 */
export function readHandlerFields<Table extends HandlerFieldTable>(
  handler: Readonly<Record<string, unknown>>,
  table: Table,
  reportIssues: ReportIssues,
): FieldValues<Table> | null {
  const plain = readPlainFields(handler, table);
  if (plain !== null) return plain as FieldValues<Table>;
  let schema = schemas.get(table) as Zod.ZodType<FieldValues<Table>> | undefined;
  if (schema === undefined) {
    schema = createHandlerSchema(requireZod(), table);
    schemas.set(table, schema);
  }
  const parsed = schema.safeParse(handler);
  if (parsed.success) return parsed.data;
  reportIssues(parsed.error.issues);
  return null;
}

/**
 * The table's fields of a handler when every one of them is plainly valid (strings trimmed where
 * the schema trims them), else null: the caller then validates with the table's zod schema,
 * which says what is wrong. A key that is neither in the table nor `type` also gives null. Keeps
 * the cold start free of zod for valid configuration.
 *
 * @example
 * readPlainFields({ command: " ./a.sh ", timeout: 5 }, { command: { kind: "command" }, timeout: { kind: "seconds" } });
 * // → { command: "./a.sh", timeout: 5 }
 */
export function readPlainFields(
  handler: Readonly<Record<string, unknown>>,
  table: HandlerFieldTable,
): Record<string, unknown> | null {
  const fields: Record<string, unknown> = {};
  for (const name in handler) {
    if (name !== "type" && !Object.hasOwn(table, name)) return null;
  }
  const entries = listTableEntries(table);
  // An index loop over entries listed once per table: a thousand handlers read cold would
  // otherwise allocate an entry array and an iterator step per field.
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index] as TableEntry;
    const name = entry[0];
    const field = entry[1];
    const value = handler[name];
    if (value === undefined) {
      if (field.required === true) return null;
      continue;
    }
    const read = fieldKinds[field.kind].read(value);
    if (read === invalidValue) return null;
    fields[name] = read;
  }
  return fields;
}
