import type { z as Zod } from "zod";
import { isRecord } from "../../shared/is-record.js";
import type { DialectParser } from "../dialect-result.js";
import { checkCommandHandler } from "./check-command-handler.js";
import { type PlainFieldRules, readHandlerFields } from "./read-plain-fields.js";
import {
  createDialectResult,
  createReporter,
  type HandlerFields,
  type HandlerReader,
  reportIssues,
  resolveTimeoutMs,
  walkHookEvents,
} from "./walk-hook-events.js";

const createHandlerSchema = (z: typeof Zod) =>
  z.object({
    type: z.literal("command"),
    command: z.string("command must be a string").trim().min(1, "command must not be empty"),
    args: z.array(z.string("args must be strings"), "args must be a list of strings").optional(),
    timeout: z
      .number()
      .positive("timeout must be a positive number of seconds")
      .finite()
      .optional(),
    statusMessage: z.string().optional(),
    if: z.string().optional(),
    async: z.boolean().optional(),
    once: z.boolean().optional(),
    shell: z.string().optional(),
    persistent: z.boolean("persistent must be true or false").optional(),
  });
type HandlerData = Zod.infer<ReturnType<typeof createHandlerSchema>>;

const plainRules: PlainFieldRules = {
  required: ["command"],
  fields: {
    command: "trimmed-text",
    args: "text-list",
    timeout: "seconds",
    statusMessage: "text",
    if: "text",
    async: "boolean",
    once: "boolean",
    shell: "text",
    persistent: "boolean",
  },
};

const handlerKeys = new Set([
  "type",
  "command",
  "args",
  "timeout",
  "statusMessage",
  "if",
  "async",
  "once",
  "shell",
  "persistent",
]);

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
  const checked = checkCommandHandler(handler, "claude", handlerKeys, context);
  if (checked === null) return null;
  const data = readHandlerFields<HandlerData>(checked, plainRules, createHandlerSchema, (issues) =>
    reportIssues(issues, at, report),
  );
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
  return {
    // With `args`, the command is a program run with those arguments, without a shell.
    command: data.args === undefined ? data.command : [data.command, ...data.args],
    timeoutMs: resolveTimeoutMs(data.timeout, context),
    statusMessage: data.statusMessage ?? null,
    if: data.if ?? null,
    additionalContextLimit: null,
    persistent: data.persistent ?? false,
  };
};
