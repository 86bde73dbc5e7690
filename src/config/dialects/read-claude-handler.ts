import { vscodeClaudeHandlerFields } from "./handler-fields.js";
import { createHandlerFields, readCommandHandler } from "./read-command-handler.js";
import type { HandlerFields, HandlerReader } from "./walk-hook-events.js";

const handlerShape = { dialect: "vscode-claude", fields: vscodeClaudeHandlerFields } as const;

/**
 * Reads one handler of a Claude-format file (`hooks.<Event>[].hooks[]`) for the Local harness:
 * a `command` handler with its timeout (seconds), status message and `if` rule. Other Claude
 * handler types are skipped with a diagnostic; `async` runs synchronously, with a warning.
 */
export const readClaudeHandler: HandlerReader = (handler, context): HandlerFields | null => {
  const { at, profile, report } = context;
  const data = readCommandHandler(handler, handlerShape, context);
  if (data === null) return null;
  if (data.async === true) {
    report(
      "unsupported_field",
      "warning",
      `"async": true is not supported by ${profile.title}; the handler runs synchronously`,
      [...at, "async"],
    );
  }
  return createHandlerFields(data, context);
};
