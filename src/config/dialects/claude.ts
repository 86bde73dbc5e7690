import { isRecord } from "../../shared/is-record.js";
import type { DialectParser } from "../dialect-result.js";
import type { ConfigSource } from "../discover-config-files.js";
import { claudeHandlerFields } from "./handler-fields.js";
import { readClaudeActionHandler } from "./read-claude-action-handler.js";
import { createHandlerFields, readCommandHandler } from "./read-command-handler.js";
import {
  createDialectResult,
  createReporter,
  type DialectHandlerContext,
  type HandlerFields,
  type HandlerReader,
  walkHookEvents,
} from "./walk-hook-events.js";

const handlerShape = { dialect: "claude", fields: claudeHandlerFields } as const;

/**
 * Parses the hooks of a Claude Code settings file: `hooks.<Event>[]` matcher groups of command,
 * http, prompt, agent and mcp_tool handlers. Every other settings key is ignored; a bad handler or
 * group is dropped with a diagnostic and its valid siblings still load.
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
    { source, profile, rules: { rootKeys: new Set(), readHandler: createHandlerReader(source) } },
    result,
  );
  return result;
};

// `once` is honoured only in a skill's hooks (a source whose layer is `skill:<name>`).
function createHandlerReader(source: ConfigSource): HandlerReader {
  const honoursOnce = source.layer.startsWith("skill:");
  return (handler, context) => {
    const fields =
      isRecord(handler) && handler.type !== "command" && handler.type !== undefined
        ? readClaudeActionHandler(handler, context)
        : readClaudeCommandHandler(handler, context);
    if (fields === null || fields.once === undefined) return fields;
    if (honoursOnce) return fields;
    context.report(
      "unsupported_field",
      "info",
      `"once" applies only to hooks declared in skills; it is ignored here`,
      [...context.at, "once"],
    );
    const { once: _ignored, ...rest } = fields;
    return rest;
  };
}

function readClaudeCommandHandler(
  handler: unknown,
  context: DialectHandlerContext,
): HandlerFields | null {
  const { at, report } = context;
  const data = readCommandHandler(handler, handlerShape, context);
  if (data === null) return null;
  if (data.shell !== undefined && data.shell !== "bash" && data.shell !== "powershell") {
    report(
      "unsupported_field",
      "warning",
      `shell "${data.shell}" is not supported (Claude Code's shells are "bash" and "powershell"), so the handler is skipped`,
      [...at, "shell"],
    );
    return null;
  }
  // With `args`, the command is a program run with those arguments, without a shell.
  const command = data.args === undefined ? data.command : [data.command, ...data.args];
  const fields = createHandlerFields({ ...data, command }, context);
  // `asyncRewake` runs the handler in the background too.
  const async = data.async === true || data.asyncRewake === true;
  return {
    ...fields,
    ...(async && { async }),
    ...(data.asyncRewake === true && { asyncRewake: true }),
    ...(data.shell !== undefined && { shell: data.shell }),
    ...(data.once !== undefined && { once: data.once }),
  };
}
