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
  const checked = checkHandlerType(handler, shape.dialect, context);
  return checked === null ? null : readTableHandler(checked, shape.fields, context);
}

/**
 * A handler object's fields read through its table, whatever its type: each key outside the table
 * is an `unknown_field` warning; null, with diagnostics, when a field is invalid.
 *
 * @example
 * ```ts
 * const data = readTableHandler(handler, claudeHttpHandlerFields, context);
 * if (data === null) return null;
 * ```
 */
export function readTableHandler<Table extends HandlerFieldTable>(
  handler: Readonly<Record<string, unknown>>,
  fields: Table,
  context: HandlerTypeContext,
): FieldValues<Table> | null {
  let keys = keysByTable.get(fields);
  if (keys === undefined) {
    keys = listHandlerKeys(fields);
    keysByTable.set(fields, keys);
  }
  reportUnknownHandlerKeys(handler, keys, context);
  return readHandlerFields(handler, fields, (issues) =>
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
  const checked = checkHandlerType(handler, dialect, context);
  if (checked !== null) reportUnknownHandlerKeys(checked, handlerKeys, context);
  return checked;
}

// A handler object of type "command"; else null, with a diagnostic.
function checkHandlerType(
  handler: unknown,
  dialect: HandlerTypeDialect,
  context: HandlerTypeContext,
): Record<string, unknown> | null {
  if (!isRecord(handler)) {
    context.report("invalid_config", "error", "A handler must be an object", context.at);
    return null;
  }
  return reportUnsupportedHandlerType(handler.type, dialect, context) ? null : handler;
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
