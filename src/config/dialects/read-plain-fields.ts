import type { z as Zod } from "zod";
import { requireZod } from "../../require-zod.js";
import { isRecord } from "../../shared/is-record.js";

/** zod issues, reported by the caller at the handler's path. */
export type ReportIssues = (
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) => void;

const schemas = new WeakMap<object, Zod.ZodType>();

/**
 * A handler's fields: plainly valid ones as {@link readPlainFields} reads them, anything else
 * through the zod schema `createSchema` builds (once, on first need), whose issues go to
 * `reportIssues`. Null when the handler is invalid.
 */
export function readHandlerFields<Fields>(
  handler: Readonly<Record<string, unknown>>,
  rules: PlainFieldRules,
  createSchema: (z: typeof Zod) => Zod.ZodType<Fields>,
  reportIssues: ReportIssues,
): Fields | null {
  const plain = readPlainFields(handler, rules);
  if (plain !== null) return plain as Fields;
  let schema = schemas.get(createSchema) as Zod.ZodType<Fields> | undefined;
  if (schema === undefined) {
    schema = createSchema(requireZod());
    schemas.set(createSchema, schema);
  }
  const parsed = schema.safeParse(handler);
  if (parsed.success) return parsed.data;
  reportIssues(parsed.error.issues);
  return null;
}

/**
 * How one handler field is checked without a schema library, as its zod schema would accept it:
 * - `text`: a string; `trimmed-text`: a string, trimmed, not empty;
 * - `boolean`; `seconds`: a finite number above 0; `tokens`: a safe integer of 0 or more;
 * - `command`: a trimmed non-empty string or a non-empty list of strings;
 * - `text-list`: a list of strings; `text-record`: an object whose values are all strings.
 */
export type PlainFieldKind =
  | "text-list"
  | "text"
  | "trimmed-text"
  | "boolean"
  | "seconds"
  | "tokens"
  | "command"
  | "text-record";

/** The fields a reader checks, each optional unless listed in `required`. */
export interface PlainFieldRules {
  fields: Readonly<Record<string, PlainFieldKind>>;
  required?: readonly string[];
}

/**
 * The listed fields of a handler when every one of them is plainly valid (strings trimmed where
 * the schema trims them), else null: the caller then validates with its zod schema, which says
 * what is wrong. A key that is neither listed nor `type` also gives null, so a field added to a
 * schema but not to its rules is still read (by zod). Keeps the cold start free of zod for valid
 * configuration.
 *
 * @example
 * readPlainFields({ command: " ./a.sh ", timeout: 5 }, { fields: { command: "command", timeout: "seconds" } });
 * // → { command: "./a.sh", timeout: 5 }
 */
export function readPlainFields(
  handler: Readonly<Record<string, unknown>>,
  rules: PlainFieldRules,
): Record<string, unknown> | null {
  const fields: Record<string, unknown> = {};
  for (const name of rules.required ?? []) {
    if (handler[name] === undefined) return null;
  }
  for (const name in handler) {
    if (name !== "type" && !Object.hasOwn(rules.fields, name)) return null;
  }
  for (const [name, kind] of Object.entries(rules.fields)) {
    const value = handler[name];
    if (value === undefined) continue;
    const read = readPlainValue(value, kind);
    if (read === invalid) return null;
    fields[name] = read;
  }
  return fields;
}

const invalid = Symbol("invalid");

function readPlainValue(value: unknown, kind: PlainFieldKind): unknown {
  switch (kind) {
    case "text":
      return typeof value === "string" ? value : invalid;
    case "trimmed-text":
      return readTrimmedText(value);
    case "boolean":
      return typeof value === "boolean" ? value : invalid;
    case "seconds":
      return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : invalid;
    case "tokens":
      return Number.isSafeInteger(value) && (value as number) >= 0 ? value : invalid;
    case "command":
      if (Array.isArray(value)) {
        return value.length > 0 && value.every((word) => typeof word === "string")
          ? [...value]
          : invalid;
      }
      return readTrimmedText(value);
    case "text-list":
      return Array.isArray(value) && value.every((item) => typeof item === "string")
        ? [...value]
        : invalid;
    case "text-record":
      // A `__proto__` key is left to zod, which drops it: both readers must give the same value.
      return isRecord(value) &&
        !Object.hasOwn(value, "__proto__") &&
        Object.values(value).every((item) => typeof item === "string")
        ? { ...value }
        : invalid;
  }
}

function readTrimmedText(value: unknown): unknown {
  if (typeof value !== "string") return invalid;
  const trimmed = value.trim();
  return trimmed === "" ? invalid : trimmed;
}
