import { claudeEventSchemas } from "./claude-event-schemas.js";
import { deepagentsEventSchemas } from "./deepagents-event-schemas.js";
import { vscodeEventSchemas } from "./vscode-event-schemas.js";
import { zerocodeEventSchemas } from "./zerocode-event-schemas.js";

/**
 * The zod schemas of every configurable event of every built-in profile: `input` is the JSON a
 * hook reads on stdin, `output` the JSON it may print (only fields the event applies). The SDK's
 * types and the JSON Schemas in `schemas/` are derived from them.
 *
 * @example
 * ```ts
 * const result = eventSchemas.claude.PreToolUse.input.safeParse(JSON.parse(stdin));
 * ```
 */
export const eventSchemas = {
  deepagents: deepagentsEventSchemas,
  zerocode: zerocodeEventSchemas,
  claude: claudeEventSchemas,
  vscode: vscodeEventSchemas,
} as const;
