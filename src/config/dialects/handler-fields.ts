import type { FieldKind, FieldMessages } from "./field-kinds.js";
import {
  extendFields,
  type HandlerFieldTable,
  omitFields,
  rewordFields,
} from "./handler-field-table.js";

/**
 * Every field a `"command"` handler has in some dialect, in one order (a dialect omits those it
 * does not read), with the settings dialects' wording: messages that name the field.
 */
export const commandHandlerFields = {
  command: {
    kind: "trimmed-text",
    required: true,
    messages: { empty: "command must not be empty" },
  },
  commandWindows: { kind: "trimmed-text", messages: { empty: "commandWindows must not be empty" } },
  args: {
    kind: "text-list",
    messages: { type: "args must be a list of strings", item: "args must be strings" },
  },
  timeout: {
    kind: "seconds",
    messages: { positive: "timeout must be a positive number of seconds" },
  },
  statusMessage: { kind: "text" },
  additionalContextLimit: {
    kind: "tokens",
    messages: {
      whole: "additionalContextLimit must be a whole number of tokens",
      negative: "additionalContextLimit must be 0 or more tokens",
    },
  },
  if: { kind: "text" },
  async: { kind: "boolean" },
  once: { kind: "boolean" },
  shell: { kind: "text" },
} as const satisfies HandlerFieldTable;

/** agent-hooks' own handler fields, which every dialect reads after its own. */
const extensionFields = {
  persistent: { kind: "boolean", messages: { type: "persistent must be true or false" } },
  prewarm: { kind: "boolean", messages: { type: "prewarm must be true or false" } },
} as const satisfies HandlerFieldTable;

/**
 * The wording of the VS Code formats: messages name no field, the reported path does, in the
 * source's own spelling (`bash`, `timeoutSec`).
 */
const pathNamedMessages = {
  text: { type: "must be a string" },
  "trimmed-text": { type: "must be a string", empty: "must not be empty" },
  boolean: { type: "must be true or false" },
  seconds: {
    type: "must be a number of seconds",
    positive: "must be a positive number of seconds",
    finite: "must be a finite number of seconds",
  },
  "text-record": { type: "must be an object of strings", item: "must be a string" },
} as const satisfies Partial<Record<FieldKind, FieldMessages>>;

/** Deep Agents Code: a command may also be a list of words, run without a shell. */
export const deepagentsHandlerFields = extendFields(
  omitFields(commandHandlerFields, [
    "commandWindows",
    "args",
    "additionalContextLimit",
    "async",
    "once",
    "shell",
  ]),
  {
    command: {
      kind: "command",
      required: true,
      messages: {
        empty: "command must not be empty",
        emptyList: "command must not be an empty list",
      },
    },
    ...extensionFields,
  },
);

/** ZeroCode `hooks.json` and TOML (which also spells `commandWindows` as `command_windows`). */
export const zerocodeHandlerFields = extendFields(
  omitFields(commandHandlerFields, ["args", "if", "once", "shell"]),
  extensionFields,
);

/** Gemini CLI settings (`HookDefinitionArray` in its schema): timeouts in milliseconds. */
export const geminiHandlerFields = {
  command: commandHandlerFields.command,
  name: { kind: "text" },
  description: { kind: "text" },
  timeout: {
    kind: "seconds",
    messages: {
      type: "timeout must be a number of milliseconds",
      positive: "timeout must be a positive number of milliseconds",
      finite: "timeout must be a finite number of milliseconds",
    },
  },
  env: {
    kind: "text-record",
    messages: { type: "env must be an object of strings", item: "env values must be strings" },
  },
} as const satisfies HandlerFieldTable;

/** Claude Code settings. */
export const claudeHandlerFields = extendFields(
  omitFields(commandHandlerFields, ["commandWindows", "additionalContextLimit"]),
  {
    command: {
      ...commandHandlerFields.command,
      messages: { ...commandHandlerFields.command.messages, type: "command must be a string" },
    },
    asyncRewake: { kind: "boolean", messages: { type: "asyncRewake must be true or false" } },
    ...extensionFields,
  },
);

/** The fields every Claude Code handler type shares beside its own. */
export const claudeCommonFields = {
  timeout: commandHandlerFields.timeout,
  statusMessage: commandHandlerFields.statusMessage,
  if: commandHandlerFields.if,
  once: commandHandlerFields.once,
  async: commandHandlerFields.async,
} as const satisfies HandlerFieldTable;

/** A Claude Code `http` handler: the event JSON is POSTed to `url`. */
export const claudeHttpHandlerFields = {
  url: { kind: "trimmed-text", required: true, messages: { empty: "url must not be empty" } },
  headers: {
    kind: "text-record",
    messages: { type: "headers must be an object of strings", item: "headers must be strings" },
  },
  allowedEnvVars: {
    kind: "text-list",
    messages: {
      type: "allowedEnvVars must be a list of strings",
      item: "allowedEnvVars must be strings",
    },
  },
  ...claudeCommonFields,
} as const satisfies HandlerFieldTable;

/** A Claude Code `prompt` or `agent` handler: a prompt the host's model answers. */
export const claudeModelHandlerFields = {
  prompt: {
    kind: "trimmed-text",
    required: true,
    messages: { empty: "prompt must not be empty" },
  },
  model: { kind: "trimmed-text", messages: { empty: "model must not be empty" } },
  continueOnBlock: {
    kind: "boolean",
    messages: { type: "continueOnBlock must be true or false" },
  },
  ...claudeCommonFields,
} as const satisfies HandlerFieldTable;

/** A Claude Code `mcp_tool` handler: a tool of a connected MCP server. */
export const claudeMcpToolHandlerFields = {
  server: { kind: "trimmed-text", required: true, messages: { empty: "server must not be empty" } },
  tool: { kind: "trimmed-text", required: true, messages: { empty: "tool must not be empty" } },
  input: { kind: "json-object", messages: { type: "input must be an object" } },
  ...claudeCommonFields,
} as const satisfies HandlerFieldTable;

/** A Claude-format handler inside a VS Code hook file. */
export const vscodeClaudeHandlerFields = rewordFields(
  extendFields(
    omitFields(commandHandlerFields, [
      "commandWindows",
      "args",
      "additionalContextLimit",
      "once",
      "shell",
    ]),
    extensionFields,
  ),
  pathNamedMessages,
);

/**
 * A VS Code Local entry as read: the portable command and per-OS overrides (a blank one counts as
 * not defined, so none is required or trimmed here), `cwd`, `env`, the timeout, and a `matcher`
 * (kept from a Copilot CLI entry; native Local entries have none).
 */
export const localEntryFields = rewordFields(
  extendFields(
    {
      command: { kind: "text" },
      windows: { kind: "text" },
      linux: { kind: "text" },
      osx: { kind: "text" },
      cwd: { kind: "trimmed-text" },
      env: { kind: "text-record" },
      timeout: commandHandlerFields.timeout,
      matcher: { kind: "text" },
    } as const satisfies HandlerFieldTable,
    extensionFields,
  ),
  pathNamedMessages,
);
