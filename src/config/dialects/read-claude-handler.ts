import type { z as Zod } from "zod";
import { checkCommandHandler } from "./check-command-handler.js";
import { type PlainFieldRules, readHandlerFields } from "./read-plain-fields.js";
import {
  type HandlerFields,
  type HandlerReader,
  reportIssues,
  resolveTimeoutMs,
} from "./walk-hook-events.js";

const createHandlerSchema = (z: typeof Zod) =>
  z.object({
    type: z.literal("command"),
    command: z.string("must be a string").trim().min(1, "must not be empty"),
    timeout: z
      .number("must be a number of seconds")
      .positive("must be a positive number of seconds")
      .finite("must be a finite number of seconds")
      .optional(),
    statusMessage: z.string("must be a string").optional(),
    if: z.string("must be a string").optional(),
    async: z.boolean("must be true or false").optional(),
    persistent: z.boolean("must be true or false").optional(),
  });
type HandlerData = Zod.infer<ReturnType<typeof createHandlerSchema>>;

const plainRules: PlainFieldRules = {
  required: ["command"],
  fields: {
    command: "trimmed-text",
    timeout: "seconds",
    statusMessage: "text",
    if: "text",
    async: "boolean",
    persistent: "boolean",
  },
};

const claudeHandlerKeys = new Set([
  "type",
  "command",
  "timeout",
  "statusMessage",
  "if",
  "async",
  "persistent",
]);

/**
 * Reads one handler of a Claude-format file (`hooks.<Event>[].hooks[]`) for the Local harness:
 * a `command` handler with its timeout (seconds), status message and `if` rule. Other Claude
 * handler types are skipped with a diagnostic; `async` runs synchronously, with a warning.
 */
export const readClaudeHandler: HandlerReader = (handler, context): HandlerFields | null => {
  const { at, profile, report } = context;
  const checked = checkCommandHandler(handler, "vscode-claude", claudeHandlerKeys, context);
  if (checked === null) return null;
  const data = readHandlerFields<HandlerData>(checked, plainRules, createHandlerSchema, (issues) =>
    reportIssues(issues, at, report),
  );
  if (data === null) return null;
  if (data.async === true) {
    report(
      "unsupported_field",
      "warning",
      `"async": true is not supported by ${profile.title}; the handler runs synchronously`,
      [...at, "async"],
    );
  }
  return {
    command: data.command,
    timeoutMs: resolveTimeoutMs(data.timeout, context),
    statusMessage: data.statusMessage ?? null,
    if: data.if ?? null,
    additionalContextLimit: null,
    persistent: data.persistent ?? false,
  };
};
