import { isRecord } from "../../shared/is-record.js";
import type { DialectParser } from "../dialect-result.js";
import { claudeHandlerFields } from "./handler-fields.js";
import { createHandlerFields, readCommandHandler } from "./read-command-handler.js";
import {
  createDialectResult,
  createReporter,
  type HandlerFields,
  type HandlerReader,
  walkHookEvents,
} from "./walk-hook-events.js";

const handlerShape = { dialect: "claude", fields: claudeHandlerFields } as const;

/**
 * Parses the hooks of a Claude Code settings file: `hooks.<Event>[]` matcher groups of command
 * handlers. Every other settings key is ignored; a bad handler or group is dropped with a
 * diagnostic and its valid siblings still load.
 *
 * @example
 * ```ts
 * const result = parseClaudeConfig(settings, source, claudeProfile);
 * console.log(result.definitions.length, result.diagnostics);
 * ```
 */
export const parseClaudeConfig: DialectParser = (document, source, profile) => {
  const result = createDialectResult();
  const at = source.documentPath ?? [];
  if (!isRecord(document)) {
    const report = createReporter(source, result);
    report("invalid_config", "error", `${source.file} must contain a JSON object`, at);
    return result;
  }
  if (document.hooks === undefined) return result;
  walkHookEvents(
    document.hooks,
    [...at, "hooks"],
    { source, profile, rules: { rootKeys: new Set(), readHandler: readClaudeHandler } },
    result,
  );
  return result;
};

const readClaudeHandler: HandlerReader = (handler, context): HandlerFields | null => {
  const { at, report } = context;
  const data = readCommandHandler(handler, handlerShape, context);
  if (data === null) return null;
  if (data.shell !== undefined && data.shell !== "bash") {
    report(
      "unsupported_field",
      "warning",
      `shell "${data.shell}" is not supported; string commands run with bash (else sh), so the handler is skipped`,
      [...at, "shell"],
    );
    return null;
  }
  if (data.async === true) {
    report(
      "unsupported_field",
      "warning",
      `"async": true is not supported: the handler runs synchronously and its output is applied`,
      [...at, "async"],
    );
  }
  if (data.once !== undefined) {
    report(
      "unsupported_field",
      "info",
      `"once" applies only to hooks declared in skills and agents; it is ignored in settings`,
      [...at, "once"],
    );
  }
  // With `args`, the command is a program run with those arguments, without a shell.
  const command = data.args === undefined ? data.command : [data.command, ...data.args];
  return createHandlerFields({ ...data, command }, context);
};
