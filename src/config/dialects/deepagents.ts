import { detectConfigForm } from "../detect-config-form.js";
import type { DialectParser } from "../dialect-result.js";
import { deepagentsHandlerFields } from "./handler-fields.js";
import { createHandlerFields, readCommandHandler } from "./read-command-handler.js";
import {
  createDialectResult,
  createReporter,
  type HandlerReader,
  walkHookDocument,
} from "./walk-hook-events.js";

const handlerShape = { dialect: "deepagents", fields: deepagentsHandlerFields } as const;
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

const readDeepagentsHandler: HandlerReader = (handler, context) => {
  const data = readCommandHandler(handler, handlerShape, context);
  return data === null ? null : createHandlerFields(data, context);
};
