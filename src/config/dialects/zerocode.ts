import type { EventSpec } from "../../profiles/profile.js";
import { isRecord } from "../../shared/is-record.js";
import type { DialectParser } from "../dialect-result.js";
import type { ConfigSource } from "../discover-config-files.js";
import { listHandlerKeys } from "./handler-field-table.js";
import { zerocodeHandlerFields } from "./handler-fields.js";
import { checkCommandHandler, createHandlerFields } from "./read-command-handler.js";
import { readHandlerFields } from "./read-plain-fields.js";
import { selectPlatformCommand } from "./select-platform-command.js";
import {
  createDialectResult,
  createReporter,
  type DialectHandlerContext,
  type HandlerFields,
  type HookDocumentRules,
  reportIssues,
  walkHookDocument,
  walkHookEvents,
} from "./walk-hook-events.js";

const jsonHandlerKeys = listHandlerKeys(zerocodeHandlerFields);
const tomlHandlerKeys = new Set([...jsonHandlerKeys, "command_windows"]);
const rootKeys = new Set(["$schema", "description"]);
/** Keys of a TOML `[hooks]` table that configure managed scripts rather than name events. */
const managedDirectoryKeys = new Set(["managed_dir", "windows_managed_dir"]);

/**
 * Parses ZeroCode hooks: a `hooks.json` document, a `config.toml` / `requirements.toml` document
 * (only its `[hooks]` table is read), or a plugin manifest's inline hooks object
 * (`{ "hooks": { … } }` or the events map itself, at `source.documentPath`).
 */
export const parseZerocodeConfig: DialectParser = (document, source, profile) => {
  const result = createDialectResult();
  const at = source.documentPath ?? [];
  if (isTomlSource(source)) {
    const rules: HookDocumentRules = {
      rootKeys,
      settingKeys: managedDirectoryKeys,
      readHandler: (handler, context) => readZerocodeHandler(handler, context, tomlHandlerKeys),
    };
    if (!isRecord(document) || document.hooks === undefined) return result;
    checkManagedDirectories(document.hooks, source, result);
    walkHookEvents(document.hooks, [...at, "hooks"], { source, profile, rules }, result);
    return result;
  }
  const rules: HookDocumentRules = {
    rootKeys,
    readHandler: (handler, context) => readZerocodeHandler(handler, context, jsonHandlerKeys),
  };
  const inlineEvents =
    source.documentPath !== undefined && isRecord(document) && !Object.hasOwn(document, "hooks");
  if (inlineEvents) walkHookEvents(document, at, { source, profile, rules }, result);
  else walkHookDocument(document, at, { source, profile, rules }, result);
  return result;
};

/** Whether a source is a `config.toml`-style document (as opposed to `hooks.json` or inline JSON). */
function isTomlSource(source: ConfigSource): boolean {
  return source.documentPath === undefined && source.file.toLowerCase().endsWith(".toml");
}

function readZerocodeHandler(
  handler: unknown,
  context: DialectHandlerContext,
  handlerKeys: ReadonlySet<string>,
): HandlerFields | null {
  const { at, report } = context;
  const checked = checkCommandHandler(handler, "zerocode", handlerKeys, context);
  if (checked === null) return null;
  const candidate = readCommandWindowsSpelling(checked, context, handlerKeys);
  const fields = readHandlerFields(candidate.handler, zerocodeHandlerFields, (issues) =>
    reportIssues(
      issues.map((issue) =>
        issue.path[0] === "commandWindows"
          ? { ...issue, path: [candidate.commandWindowsKey, ...issue.path.slice(1)] }
          : issue,
      ),
      at,
      report,
    ),
  );
  if (fields === null) return null;
  if (fields.async === true) {
    report(
      "unsupported_field",
      "warning",
      `"async": true is parsed but asynchronous command hooks are not supported yet; the handler is skipped`,
      [...at, "async"],
    );
    return null;
  }
  const command = selectPlatformCommand(fields, process.platform);
  return {
    ...createHandlerFields({ ...fields, command }, context),
    additionalContextLimit: readContextLimit(fields.additionalContextLimit, context),
  };
}

/**
 * TOML accepts `command_windows` as well as `commandWindows`; both set is a warning and
 * `commandWindows` wins. Returns the handler with the override under `commandWindows`.
 */
function readCommandWindowsSpelling(
  handler: Record<string, unknown>,
  context: DialectHandlerContext,
  handlerKeys: ReadonlySet<string>,
): { handler: Record<string, unknown>; commandWindowsKey: string } {
  if (!handlerKeys.has("command_windows") || handler.command_windows === undefined) {
    const { command_windows: _ignored, ...rest } = handler;
    return { handler: rest, commandWindowsKey: "commandWindows" };
  }
  if (handler.commandWindows !== undefined) {
    context.report(
      "invalid_config",
      "warning",
      `Both "command_windows" and "commandWindows" are set; "commandWindows" is used`,
      [...context.at, "command_windows"],
    );
    const { command_windows: _ignored, ...rest } = handler;
    return { handler: rest, commandWindowsKey: "commandWindows" };
  }
  const { command_windows: commandWindows, ...rest } = handler;
  return { handler: { ...rest, commandWindows }, commandWindowsKey: "command_windows" };
}

/** `additionalContextLimit` only means something for events that can add model context. */
function readContextLimit(
  limit: number | undefined,
  context: DialectHandlerContext,
): number | null {
  if (limit === undefined) return null;
  if (producesContext(context.spec)) return limit;
  context.report(
    "unsupported_field",
    "warning",
    `${context.event} hooks cannot add model context; additionalContextLimit is ignored`,
    [...context.at, "additionalContextLimit"],
  );
  return null;
}

function producesContext(spec: EventSpec): boolean {
  return (
    spec.plainStdout === "context" || spec.specificFields.supported.includes("additionalContext")
  );
}

function checkManagedDirectories(
  hooks: unknown,
  source: ConfigSource,
  result: ReturnType<typeof createDialectResult>,
): void {
  if (!isRecord(hooks)) return;
  const report = createReporter(source, result);
  const at = source.documentPath ?? [];
  for (const key of managedDirectoryKeys) {
    const value = hooks[key];
    if (value !== undefined && typeof value !== "string") {
      report("invalid_config", "error", `${key} must be a directory path string`, [
        ...at,
        "hooks",
        key,
      ]);
    }
  }
}
