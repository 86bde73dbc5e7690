import type { z as Zod } from "zod";
import { requireZod } from "../../require-zod.js";
import { isRecord } from "../../shared/is-record.js";

/** What a plain reader returns for a value it cannot read as its schema would. */
export const invalidValue: unique symbol = Symbol("invalid");

/**
 * The messages zod gives when a field's checks fail; a missing one leaves zod's own.
 * Which apply depends on the field's kind (see {@link fieldKinds}).
 */
export interface FieldMessages {
  /** Not the kind's type (for `text-list` and `text-record`, the list or object itself). */
  readonly type?: string;
  /** A string that is blank once trimmed (`trimmed-text`, `command`). */
  readonly empty?: string;
  /** An empty list of words (`command`). */
  readonly emptyList?: string;
  /** An item of a `text-list` or a value of a `text-record` that is not a string. */
  readonly item?: string;
  /** `seconds` of 0 or less. */
  readonly positive?: string;
  /** `seconds` that are not finite. */
  readonly finite?: string;
  /** `tokens` that are not a whole number. */
  readonly whole?: string;
  /** `tokens` below 0. */
  readonly negative?: string;
}

/** How one kind of field is read: plainly, and with zod to say what is wrong. */
interface FieldKindRule {
  /** The value as the zod schema would give it, or {@link invalidValue} to leave it to zod. */
  read: (value: unknown) => unknown;
  createSchema: (z: typeof Zod, messages: FieldMessages) => Zod.ZodType;
}

/**
 * Every kind of handler field, each read two ways that agree: plainly (the fast path, no zod)
 * and through its zod schema (built only to explain a value the plain reader refuses).
 * `text`: a string; `trimmed-text`: a string, trimmed, not blank; `boolean`; `seconds`: a finite
 * number above 0; `tokens`: a safe integer of 0 or more; `command`: trimmed text or a non-empty
 * list of strings; `text-list`: a list of strings; `text-record`: an object of strings; `json-object`: an object of
 * any JSON values.
 */
export const fieldKinds = {
  text: {
    read: (value) => (typeof value === "string" ? value : invalidValue),
    createSchema: (z, messages) => z.string(messages.type),
  },
  "trimmed-text": {
    read: readTrimmedText,
    createSchema: (z, messages) => z.string(messages.type).trim().min(1, messages.empty),
  },
  boolean: {
    read: (value) => (typeof value === "boolean" ? value : invalidValue),
    createSchema: (z, messages) => z.boolean(messages.type),
  },
  seconds: {
    read: (value) =>
      typeof value === "number" && Number.isFinite(value) && value > 0 ? value : invalidValue,
    createSchema: (z, messages) =>
      z.number(messages.type).positive(messages.positive).finite(messages.finite),
  },
  tokens: {
    read: (value) => (Number.isSafeInteger(value) && (value as number) >= 0 ? value : invalidValue),
    createSchema: (z, messages) =>
      z.number(messages.type).int(messages.whole).nonnegative(messages.negative),
  },
  command: {
    read: (value) => (Array.isArray(value) ? readWords(value) : readTrimmedText(value)),
    createSchema: (z, messages) =>
      z.union([
        z.string(messages.type).trim().min(1, messages.empty),
        z.array(z.string(messages.item)).min(1, messages.emptyList),
      ]),
  },
  "text-list": {
    read: (value) =>
      Array.isArray(value) && value.every((item) => typeof item === "string")
        ? [...value]
        : invalidValue,
    createSchema: (z, messages) => z.array(z.string(messages.item), messages.type),
  },
  "json-object": {
    // A `__proto__` key is left to zod, which drops it: both readers must give the same value.
    read: (value) =>
      isRecord(value) && !Object.hasOwn(value, "__proto__") ? { ...value } : invalidValue,
    createSchema: (z, messages) => z.record(z.string(), z.unknown(), messages.type),
  },
  "text-record": {
    // A `__proto__` key is left to zod, which drops it: both readers must give the same value.
    read: (value) =>
      isRecord(value) &&
      !Object.hasOwn(value, "__proto__") &&
      Object.values(value).every((item) => typeof item === "string")
        ? { ...value }
        : invalidValue,
    createSchema: (z, messages) => z.record(z.string(), z.string(messages.item), messages.type),
  },
} as const satisfies Record<string, FieldKindRule>;

/** A kind of handler field: how its value is checked (see {@link fieldKinds}). */
export type FieldKind = keyof typeof fieldKinds;

/** One handler field: its kind, whether a handler must have it, and zod's wording of its checks. */
export interface HandlerField {
  readonly kind: FieldKind;
  readonly required?: boolean;
  readonly messages?: FieldMessages;
}

/** The value a field holds once read, as its zod schema types it. */
export type FieldValue<Field extends HandlerField> = Zod.infer<
  ReturnType<(typeof fieldKinds)[Field["kind"]]["createSchema"]>
>;

const fieldSchemas = new WeakMap<HandlerField, Zod.ZodType>();

/**
 * Whether a value is one the field accepts, as the engine reads it: plainly, else (zod loaded on
 * first need) by the field's schema.
 *
 * @example
 * acceptsFieldValue({ kind: "seconds" }, 5); // true
 */
export function acceptsFieldValue<Field extends HandlerField>(
  field: Field,
  value: unknown,
): value is FieldValue<Field> {
  if (fieldKinds[field.kind].read(value) !== invalidValue) return true;
  let schema = fieldSchemas.get(field);
  if (schema === undefined) {
    schema = fieldKinds[field.kind].createSchema(requireZod(), field.messages ?? {});
    fieldSchemas.set(field, schema);
  }
  return schema.safeParse(value).success;
}

function readTrimmedText(value: unknown): unknown {
  if (typeof value !== "string") return invalidValue;
  const trimmed = value.trim();
  return trimmed === "" ? invalidValue : trimmed;
}

function readWords(value: readonly unknown[]): unknown {
  return value.length > 0 && value.every((word) => typeof word === "string")
    ? [...value]
    : invalidValue;
}
