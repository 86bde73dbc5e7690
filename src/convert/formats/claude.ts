import { buildGroupedEvents } from "../build-hook-events.js";
import { compactObject } from "../compact-object.js";
import { formatJsonDocument } from "../format-json-document.js";
import type { HookFormat, ReadResult } from "../hook-format.js";
import { listNamedEvents } from "../list-profile-events.js";
import { parseSourceText } from "../parse-source-text.js";
import { placeCarriedFields } from "../place-carried-fields.js";
import type { PortableHook, PortableHookSet } from "../portable-hooks.js";
import { readGroupedEvents } from "../read-grouped-events.js";
import { type RootKeyRole, readHookDocument } from "../read-hook-document.js";
import { selectWrittenTimeout } from "../resolve-default-timeout.js";

const eventNames = [
  "SessionStart",
  "Setup",
  "UserPromptSubmit",
  "UserPromptExpansion",
  "PreToolUse",
  "PermissionRequest",
  "PermissionDenied",
  "PostToolUse",
  "PostToolUseFailure",
  "PostToolBatch",
  "Notification",
  "SubagentStart",
  "SubagentStop",
  "TaskCreated",
  "TaskCompleted",
  "Stop",
  "StopFailure",
  "TeammateIdle",
  "InstructionsLoaded",
  "ConfigChange",
  "CwdChanged",
  "FileChanged",
  "WorktreeCreate",
  "WorktreeRemove",
  "PreCompact",
  "PostCompact",
  "Elicitation",
  "ElicitationResult",
  "SessionEnd",
] as const;

/** Root keys of a settings file (or plugin `hooks.json`) that belong to its hooks. */
const hookRootKeys = new Set(["$schema", "description", "disableAllHooks"]);

/**
 * Claude Code settings (`~/.claude/settings.json`, `.claude/settings.json`, plugin
 * `hooks/hooks.json`): JSON with comments, `hooks.<Event>[{matcher, hooks: [{type, command,
 * timeout}]}]`. Only the `hooks` key (and `disableAllHooks`) is converted; other settings are not.
 */
export const claudeFormat: HookFormat = {
  name: "claude",
  title: "Claude Code",
  syntaxes: ["json"],
  events: listNamedEvents(Object.fromEntries(eventNames.map((name) => [name, name])), {
    ignoresMatcher: [
      "UserPromptSubmit",
      "Stop",
      "TeammateIdle",
      "TaskCreated",
      "TaskCompleted",
      "WorktreeCreate",
      "WorktreeRemove",
    ],
    supportsIf: [
      "PreToolUse",
      "PostToolUse",
      "PostToolUseFailure",
      "PermissionRequest",
      "PermissionDenied",
    ],
  }),
  eventCase: "pascal",
  defaultTimeoutSeconds: 600,
  typeTimeoutSeconds: { prompt: 30, agent: 60 },
  matchers: "exact",
  fields: ["statusMessage", "async"],
  platforms: [],
  defaultCommandRequired: true,
  argv: true,
  handlerKeys: [
    ["command", "command"],
    ["args", "arguments"],
    ["timeout", "timeout"],
    ["statusMessage", "statusMessage"],
    ["if", "if"],
    ["async", "async"],
  ],
  ignoredHandlerKeys: {},
  skipsAsyncHooks: false,
  descriptionSyntaxes: [],
  toolNames: { internalNames: {}, groupedNames: {} },
  variables: ["CLAUDE_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"],
  read: readClaudeHooks,
  write: writeClaudeHooks,
};

function readClaudeHooks(text: string, file: string): ReadResult {
  return readHookDocument(
    parseSourceText(text, file, "jsonc"),
    file,
    {
      format: claudeFormat,
      syntax: "json",
      classifyRootKey: classifyRootKey,
      readEvents: (events, at, issues) =>
        readGroupedEvents(
          events,
          at,
          { format: claudeFormat, handlerKeys: claudeFormat.handlerKeys },
          issues,
        ),
    },
    [],
  );
}

function classifyRootKey(key: string, value: unknown): RootKeyRole {
  if (!hookRootKeys.has(key)) return { role: "setting" };
  const disabled = key === "disableAllHooks" && value === true;
  return {
    role: "carried",
    consequence: disabled ? "the source turns all hooks off; the converted hooks are on" : null,
  };
}

function writeClaudeHooks(set: PortableHookSet): string {
  const document: Record<string, unknown> = {};
  placeCarriedFields(document, set.extraFields);
  document.hooks = buildGroupedEvents(set.hooks, claudeFormat, {
    matcher: (hook) => hook.matcher,
    handler: writeHandler,
  });
  return formatJsonDocument(document);
}

function writeHandler(hook: PortableHook): Record<string, unknown> {
  const command = hook.command.default;
  const [program, ...args] = typeof command === "string" || command === null ? [command] : command;
  const handler = compactObject({
    type: hook.type,
    command: program,
    args: Array.isArray(command) ? args : undefined,
    timeout: selectWrittenTimeout(hook, claudeFormat),
    statusMessage: hook.statusMessage,
    if: hook.if,
    async: hook.async,
  });
  placeCarriedFields(handler, hook.extraFields);
  return handler;
}
