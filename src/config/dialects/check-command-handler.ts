import { isRecord } from "../../shared/is-record.js";
import { suggestName } from "../suggest-name.js";
import {
  type HandlerTypeContext,
  type HandlerTypeDialect,
  reportUnsupportedHandlerType,
} from "./report-unsupported-handler-type.js";

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
  for (const key of Object.keys(handler)) {
    if (!handlerKeys.has(key)) {
      report(
        "unknown_field",
        "warning",
        `Unknown handler field "${key}"${suggestName(key, handlerKeys)}`,
        [...at, key],
      );
    }
  }
  return handler;
}
