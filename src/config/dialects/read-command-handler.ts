import { isRecord } from "../../shared/is-record.js";
import type { HookCommand } from "../hook-definition.js";
import {
  type FieldValues,
  type HandlerFieldTable,
  listHandlerKeys,
} from "./handler-field-table.js";
import { readHandlerFields } from "./read-plain-fields.js";
import { reportUnknownField } from "./report-unknown-field.js";
import {
  type HandlerTypeContext,
  type HandlerTypeDialect,
  reportUnsupportedHandlerType,
} from "./report-unsupported-handler-type.js";
import {
  type DialectHandlerContext,
  type HandlerFields,
  reportIssues,
  resolveTimeoutMs,
} from "./walk-hook-events.js";

/** A dialect's command handler: its wording of other handler types, and its field table. */
export interface CommandHandlerShape<Table extends HandlerFieldTable> {
  dialect: HandlerTypeDialect;
  fields: Table;
}

const keysByTable = new WeakMap<HandlerFieldTable, ReadonlySet<string>>();

/**
 * A `"command"` handler's fields read through its dialect's table: null, with diagnostics, when
 * it is not a command handler or a field is invalid; unknown keys are warnings.
 *
 * @example
 * ```ts
 * const data = readCommandHandler(handler, { dialect: "deepagents", fields }, context);
 * if (data === null) return null;
 * ```
 */
export function readCommandHandler<Table extends HandlerFieldTable>(
  handler: unknown,
  shape: CommandHandlerShape<Table>,
  context: HandlerTypeContext,
): FieldValues<Table> | null {
  let keys = keysByTable.get(shape.fields);
  if (keys === undefined) {
    keys = listHandlerKeys(shape.fields);
    keysByTable.set(shape.fields, keys);
  }
  const checked = checkCommandHandler(handler, shape.dialect, keys, context);
  if (checked === null) return null;
  return readHandlerFields(checked, shape.fields, (issues) =>
    reportIssues(issues, context.at, context.report),
  );
}

/** The fields of a handler read through a table as the walker takes them: the timeout resolved. */
export function createHandlerFields(
  data: {
    command: HookCommand;
    timeout?: number;
    statusMessage?: string;
    if?: string;
    persistent?: boolean;
    prewarm?: boolean;
  },
  context: DialectHandlerContext,
): HandlerFields {
  return {
    command: data.command,
    timeoutMs: resolveTimeoutMs(data.timeout, context),
    statusMessage: data.statusMessage ?? null,
    if: data.if ?? null,
    additionalContextLimit: null,
    persistent: data.persistent ?? false,
    ...(data.prewarm !== undefined && { prewarm: data.prewarm }),
  };
}

/**
 * A handler object of type `"command"`, its fields not yet read: null, with a diagnostic, when it
 * is not an object or has another type; each key outside `handlerKeys` is an `unknown_field`
 * warning (the handler still loads).
 *
 * @example
 * ```ts
 * const checked = checkCommandHandler(handler, "claude", handlerKeys, context);
 * if (checked === null) return null;
 * ```
 */
export function checkCommandHandler(
  handler: unknown,
  dialect: HandlerTypeDialect,
  handlerKeys: ReadonlySet<string>,
  context: HandlerTypeContext,
): Record<string, unknown> | null {
  const { at, report } = context;
  if (!isRecord(handler)) {
    report("invalid_config", "error", "A handler must be an object", at);
    return null;
  }
  if (reportUnsupportedHandlerType(handler.type, dialect, context)) return null;
  reportUnknownHandlerKeys(handler, handlerKeys, context);
  return handler;
}

/** Reports each key of a handler outside `handlerKeys` as an `unknown_field` warning. */
export function reportUnknownHandlerKeys(
  handler: Readonly<Record<string, unknown>>,
  handlerKeys: ReadonlySet<string>,
  context: HandlerTypeContext,
): void {
  const { at, report } = context;
  for (const key of Object.keys(handler)) {
    if (!handlerKeys.has(key)) {
      reportUnknownField(report, "handler", key, handlerKeys, at);
    }
  }
}
