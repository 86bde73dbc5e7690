import type { HookAction } from "../hook-definition.js";
import type { FieldValues, HandlerFieldTable } from "./handler-field-table.js";
import {
  type claudeCommonFields,
  claudeHttpHandlerFields,
  claudeMcpToolHandlerFields,
  claudeModelHandlerFields,
} from "./handler-fields.js";
import { readTableHandler } from "./read-command-handler.js";
import { reportUnsupportedHandlerType } from "./report-unsupported-handler-type.js";
import {
  type DialectHandlerContext,
  type HandlerFields,
  resolveTimeoutMs,
} from "./walk-hook-events.js";

/** Default timeouts of the handler types that have their own (seconds); the others use the event's. */
const defaultTimeoutSeconds = { prompt: 30, agent: 60 } as const;

/** The fields every handler type shares, as read from any of the tables. */
type CommonValues = FieldValues<typeof claudeCommonFields>;

/**
 * Reads a Claude Code handler that is not a command (`http`, `prompt`, `agent`, `mcp_tool`) into
 * its action; an unknown type is reported like any unsupported one and the handler is skipped.
 *
 * @example
 * ```ts
 * const fields = readClaudeActionHandler({ type: "http", url: "http://localhost:8080/hook" }, context);
 * ```
 */
export function readClaudeActionHandler(
  handler: Readonly<Record<string, unknown>>,
  context: DialectHandlerContext,
): HandlerFields | null {
  switch (handler.type) {
    case "http":
      return readAction(handler, claudeHttpHandlerFields, context, (data) => ({
        type: "http",
        url: data.url,
        headers: data.headers ?? {},
        allowedEnvVars: data.allowedEnvVars ?? [],
      }));
    case "prompt":
    case "agent": {
      const type = handler.type;
      return readAction(handler, claudeModelHandlerFields, context, (data) => ({
        type,
        prompt: data.prompt,
        model: data.model ?? null,
        continueOnBlock: data.continueOnBlock ?? null,
      }));
    }
    case "mcp_tool":
      return readAction(handler, claudeMcpToolHandlerFields, context, (data) => ({
        type: "mcp_tool",
        server: data.server,
        tool: data.tool,
        input: data.input ?? {},
      }));
    default:
      reportUnsupportedHandlerType(handler.type, "claude", context);
      return null;
  }
}

// The handler read through its type's table (null when invalid), with the action its values make.
function readAction<Table extends HandlerFieldTable & typeof claudeCommonFields>(
  handler: Readonly<Record<string, unknown>>,
  fields: Table,
  context: DialectHandlerContext,
  createAction: (data: FieldValues<Table>) => HookAction,
): HandlerFields | null {
  const data = readTableHandler(handler, fields, context);
  return data === null ? null : createActionFields(createAction(data), data, context);
}

function createActionFields(
  action: HookAction,
  data: CommonValues,
  context: DialectHandlerContext,
): HandlerFields {
  if (data.async === true) {
    context.report(
      "unsupported_field",
      "warning",
      `"async" applies to command handlers only; this ${action.type} handler runs before the event's result`,
      [...context.at, "async"],
    );
  }
  const typeDefault = action.type === "prompt" || action.type === "agent";
  const seconds = data.timeout ?? (typeDefault ? defaultTimeoutSeconds[action.type] : undefined);
  return {
    command: describeAction(action),
    timeoutMs: resolveTimeoutMs(seconds, context),
    statusMessage: data.statusMessage ?? null,
    if: data.if ?? null,
    additionalContextLimit: null,
    persistent: false,
    action,
    ...(data.once !== undefined && { once: data.once }),
  };
}

/**
 * A one-line description of what a non-command handler calls, used where a command is shown,
 * compared (de-duplication) or hashed.
 *
 * @example
 * describeAction({ type: "mcp_tool", server: "memory", tool: "save", input: {} }); // "mcp_tool memory/save"
 */
export function describeAction(action: HookAction): string {
  switch (action.type) {
    case "http":
      return action.url;
    case "prompt":
    case "agent":
      return `${action.type}: ${action.prompt.replace(/\s+/g, " ")}`;
    case "mcp_tool":
      return `mcp_tool ${action.server}/${action.tool}`;
  }
}
