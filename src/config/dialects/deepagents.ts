import type { z as Zod } from "zod";
import { detectConfigForm } from "../../event-stream/detect-config-form.js";
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
  walkHookDocument,
} from "./walk-hook-events.js";

const createHandlerSchema = (z: typeof Zod) =>
  z.object({
    type: z.literal("command"),
    command: z.union([
      z.string().trim().min(1, "command must not be empty"),
      z.array(z.string()).min(1, "command must not be an empty list"),
    ]),
    timeout: z
      .number()
      .positive("timeout must be a positive number of seconds")
      .finite()
      .optional(),
    statusMessage: z.string().optional(),
    if: z.string().optional(),
    persistent: z.boolean("persistent must be true or false").optional(),
  });
type HandlerData = Zod.infer<ReturnType<typeof createHandlerSchema>>;

const plainRules: PlainFieldRules = {
  required: ["command"],
  fields: {
    command: "command",
    timeout: "seconds",
    statusMessage: "text",
    if: "text",
    persistent: "boolean",
  },
};

const handlerKeys = new Set(["type", "command", "timeout", "statusMessage", "if", "persistent"]);
const rootKeys = new Set(["$schema", "description"]);

/**
 * Parses the Deep Agents Code `hooks.json` form: event → matcher groups → command handlers.
 * A bad handler or group is dropped with a diagnostic; valid siblings still load. A file in the
 * event-stream list form (`"hooks": [...]`) has no decision hooks (`list_form_config`, info);
 * pieces of the list form inside the decision form are `mixed_config_forms` errors.
 */
export const parseDeepagentsConfig: DialectParser = (document, source, profile) => {
  const result = createDialectResult();
  const report = createReporter(source, result);
  const shape = detectConfigForm(document);
  for (const mark of shape.mixed) {
    report("mixed_config_forms", "error", mark.message, mark.at);
  }
  if (shape.form === "list") {
    if (shape.mixed.length === 0) {
      const message = `${source.file} is in the event-stream list form ("hooks" is a list, see docs/events.md); it has no decision hooks`;
      report("list_form_config", "info", message, ["hooks"]);
    }
    return result;
  }
  // Dotted (event-stream) keys were reported above; the walker skips them like settings.
  const settingKeys = new Set(shape.eventStreamKeys);
  walkHookDocument(
    document,
    [],
    { source, profile, rules: { rootKeys, settingKeys, readHandler: readDeepagentsHandler } },
    result,
  );
  return result;
};

const readDeepagentsHandler: HandlerReader = (handler, context): HandlerFields | null => {
  const { at, report } = context;
  const checked = checkCommandHandler(handler, "deepagents", handlerKeys, context);
  if (checked === null) return null;
  const data = readHandlerFields<HandlerData>(checked, plainRules, createHandlerSchema, (issues) =>
    reportIssues(issues, at, report),
  );
  if (data === null) return null;
  return {
    command: data.command,
    timeoutMs: resolveTimeoutMs(data.timeout, context),
    statusMessage: data.statusMessage ?? null,
    if: data.if ?? null,
    additionalContextLimit: null,
    persistent: data.persistent ?? false,
  };
};
