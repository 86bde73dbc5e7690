import { z } from "zod";
import { isRecord } from "../is-record.js";
import {
  type HandlerFields,
  type HandlerReader,
  reportIssues,
  resolveTimeoutMs,
} from "./walk-hook-events.js";

const claudeHandlerSchema = z.object({
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
});

const claudeHandlerKeys = new Set(["type", "command", "timeout", "statusMessage", "if", "async"]);

/**
 * Reads one handler of a Claude-format file (`hooks.<Event>[].hooks[]`) for the Local harness:
 * a `command` handler with its timeout (seconds), status message and `if` rule. Other Claude
 * handler types are skipped with a diagnostic; `async` runs synchronously, with a warning.
 */
export const readClaudeHandler: HandlerReader = (handler, context): HandlerFields | null => {
  const { at, profile, report } = context;
  if (!isRecord(handler)) {
    report("invalid_config", "error", "A handler must be an object", at);
    return null;
  }
  if (handler.type !== "command") {
    if (typeof handler.type === "string") {
      const known = profile.knownHandlerTypes.includes(handler.type);
      report(
        "unsupported_handler_type",
        known ? "warning" : "error",
        `Handler type "${handler.type}" is ${known ? "" : "unknown and "}not run by ${profile.title}; only "command" handlers run, so this one is skipped`,
        [...at, "type"],
      );
    } else {
      report("invalid_config", "error", `A handler needs "type": "command"`, [...at, "type"]);
    }
    return null;
  }
  for (const key of Object.keys(handler)) {
    if (!claudeHandlerKeys.has(key)) {
      report("unknown_field", "warning", `Unknown handler field "${key}"`, [...at, key]);
    }
  }
  const parsed = claudeHandlerSchema.safeParse(handler);
  if (!parsed.success) {
    reportIssues(parsed.error.issues, at, report);
    return null;
  }
  if (parsed.data.async === true) {
    report(
      "unsupported_field",
      "warning",
      `"async": true is not supported by ${profile.title}; the handler runs synchronously`,
      [...at, "async"],
    );
  }
  return {
    command: parsed.data.command,
    timeoutMs: resolveTimeoutMs(parsed.data.timeout, context),
    statusMessage: parsed.data.statusMessage ?? null,
    if: parsed.data.if ?? null,
    additionalContextLimit: null,
  };
};
