import { z } from "zod";
import type { DialectParser } from "../dialect-result.js";
import { isRecord } from "../is-record.js";
import {
  createDialectResult,
  type HandlerFields,
  type HandlerReader,
  reportIssues,
  resolveTimeoutMs,
  walkHookDocument,
} from "./walk-hook-events.js";

const commandHandlerSchema = z.object({
  type: z.literal("command"),
  command: z.union([
    z.string().trim().min(1, "command must not be empty"),
    z.array(z.string()).min(1, "command must not be an empty list"),
  ]),
  timeout: z.number().positive("timeout must be a positive number of seconds").finite().optional(),
  statusMessage: z.string().optional(),
  if: z.string().optional(),
});

const handlerKeys = new Set(["type", "command", "timeout", "statusMessage", "if"]);
const rootKeys = new Set(["$schema", "description"]);

/**
 * Parses the Deep Agents Code `hooks.json` form: event → matcher groups → command handlers.
 * A bad handler or group is dropped with a diagnostic; valid siblings still load.
 */
export const parseDeepagentsConfig: DialectParser = (document, source, profile) => {
  const result = createDialectResult();
  walkHookDocument(
    document,
    [],
    { source, profile, rules: { rootKeys, readHandler: readDeepagentsHandler } },
    result,
  );
  return result;
};

const readDeepagentsHandler: HandlerReader = (handler, context): HandlerFields | null => {
  const { at, profile, report } = context;
  if (!isRecord(handler)) {
    report("invalid_config", "error", "A handler must be an object", at);
    return null;
  }
  if (handler.type !== "command") {
    if (typeof handler.type === "string") {
      const known = profile.knownHandlerTypes.includes(handler.type) ? "" : "unknown and ";
      report(
        "unsupported_handler_type",
        "error",
        `Handler type "${handler.type}" is ${known}not supported by ${profile.title}; only "command" handlers run`,
        [...at, "type"],
      );
    } else {
      report("invalid_config", "error", `A handler needs "type": "command"`, [...at, "type"]);
    }
    return null;
  }
  for (const key of Object.keys(handler)) {
    if (!handlerKeys.has(key)) {
      report("unknown_field", "warning", `Unknown handler field "${key}"`, [...at, key]);
    }
  }
  const parsed = commandHandlerSchema.safeParse(handler);
  if (!parsed.success) {
    reportIssues(parsed.error.issues, at, report);
    return null;
  }
  return {
    command: parsed.data.command,
    timeoutMs: resolveTimeoutMs(parsed.data.timeout, context),
    statusMessage: parsed.data.statusMessage ?? null,
    if: parsed.data.if ?? null,
    additionalContextLimit: null,
  };
};
