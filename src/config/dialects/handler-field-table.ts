import type { z as Zod } from "zod";
import {
  type FieldKind,
  type FieldMessages,
  type FieldValue,
  fieldKinds,
  type HandlerField,
} from "./field-kinds.js";

/**
 * A handler shape: its fields (beside `type`) in order. From it come the allowed keys
 * ({@link listHandlerKeys}), the plain reading and the lazy zod schema ({@link createHandlerSchema});
 * zod reports issues in the table's order.
 */
export type HandlerFieldTable = Readonly<Record<string, HandlerField>>;

/** The fields a handler read through `Table` has: required ones always, the others when given. */
export type FieldValues<Table extends HandlerFieldTable> = {
  -readonly [Name in keyof Table as Table[Name] extends { required: true }
    ? Name
    : never]: FieldValue<Table[Name]>;
} & {
  -readonly [Name in keyof Table as Table[Name] extends { required: true }
    ? never
    : Name]?: FieldValue<Table[Name]>;
};

/** `Base` with the fields of `Extension` added after its own, or replacing them in place. */
export type ExtendedFields<Base extends HandlerFieldTable, Extension extends HandlerFieldTable> = {
  readonly [Name in keyof Base | keyof Extension]: Name extends keyof Extension
    ? Extension[Name]
    : Base[Name & keyof Base];
};

/** A table whose fields keep their kinds and whose messages were replaced. */
export type RewordedFields<Table extends HandlerFieldTable> = {
  readonly [Name in keyof Table]: Omit<Table[Name], "messages"> & {
    readonly messages?: FieldMessages;
  };
};

/**
 * A dialect's variant of a table: the base fields in their order, a replaced field keeping its
 * place, new ones after them.
 *
 * @example
 * extendFields(commandHandlerFields, { persistent: { kind: "boolean" } });
 */
export function extendFields<Base extends HandlerFieldTable, Extension extends HandlerFieldTable>(
  base: Base,
  extension: Extension,
): ExtendedFields<Base, Extension> {
  return { ...base, ...extension } as ExtendedFields<Base, Extension>;
}

/**
 * A table without the named fields (fields a dialect does not read).
 *
 * @example
 * omitFields(commandHandlerFields, ["once", "shell"]);
 */
export function omitFields<Table extends HandlerFieldTable, Name extends keyof Table & string>(
  table: Table,
  names: readonly Name[],
): Omit<Table, Name> {
  const kept: Record<string, HandlerField> = { ...table };
  for (const name of names) delete kept[name];
  return kept as Omit<Table, Name>;
}

/**
 * A table whose messages are one wording per kind, for formats whose diagnostics name the field
 * by its path only.
 *
 * @example
 * rewordFields(table, { text: { type: "must be a string" } });
 */
export function rewordFields<Table extends HandlerFieldTable>(
  table: Table,
  wording: Readonly<Partial<Record<FieldKind, FieldMessages>>>,
): RewordedFields<Table> {
  const reworded: Record<string, HandlerField> = {};
  for (const [name, field] of Object.entries(table)) {
    reworded[name] = { ...field, messages: wording[field.kind] ?? {} };
  }
  return reworded as RewordedFields<Table>;
}

/** The keys a handler of this shape may have: `type`, then the table's fields in order. */
export function listHandlerKeys(table: HandlerFieldTable): ReadonlySet<string> {
  return new Set(["type", ...Object.keys(table)]);
}

/**
 * The zod schema of a handler of this shape (build it only to explain an invalid one). `type` is
 * checked before, by the dialect, and left out, as the plain reading leaves it out.
 */
export function createHandlerSchema<Table extends HandlerFieldTable>(
  z: typeof Zod,
  table: Table,
): Zod.ZodType<FieldValues<Table>> {
  const shape: Record<string, Zod.ZodType> = {};
  for (const [name, field] of Object.entries(table)) {
    const schema = fieldKinds[field.kind].createSchema(z, field.messages ?? {});
    shape[name] = field.required === true ? schema : schema.optional();
  }
  return z.object(shape) as unknown as Zod.ZodType<FieldValues<Table>>;
}
