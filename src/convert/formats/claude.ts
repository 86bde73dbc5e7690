import { profiles } from "../../profiles/profiles.js";
import { buildGroupedEvents } from "../build-hook-events.js";
import { defineHookFormat } from "../define-hook-format.js";
import { formatJsonDocument } from "../format-json-document.js";
import { listProfileEvents } from "../list-profile-events.js";
import { buildWrittenDocument, buildWrittenHandler } from "../place-carried-fields.js";
import type { PortableHook, PortableHookSet } from "../portable-hooks.js";
import type { RootKeyRole } from "../read-hook-document.js";
import { selectWrittenTimeout } from "../resolve-default-timeout.js";

const profile = profiles.claude;

/** Root keys of a settings file (or plugin `hooks.json`) that belong to its hooks. */
const hookRootKeys = new Set(["$schema", "description", "disableAllHooks"]);

/**
 * Claude Code settings (`~/.claude/settings.json`, `.claude/settings.json`, plugin
 * `hooks/hooks.json`): JSON with comments, `hooks.<Event>[{matcher, hooks: [{type, command,
 * timeout}]}]`. Only the `hooks` key (and `disableAllHooks`) is converted; other settings are not.
 */
export const claudeFormat = defineHookFormat({
  name: "claude",
  title: profile.title,
  events: listProfileEvents(profile),
  eventCase: "pascal",
  defaultTimeoutSeconds: profile.defaultTimeoutSeconds,
  typeTimeoutSeconds: { prompt: 30, agent: 60 },
  matchers: "exact",
  fields: ["statusMessage", "async"],
  argv: true,
  handlerKeys: [
    ["command", "command"],
    ["args", "arguments"],
    ["timeout", "timeout"],
    ["statusMessage", "statusMessage"],
    ["if", "if"],
    ["async", "async"],
  ],
  variables: ["CLAUDE_PROJECT_DIR", "CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"],
  document: { parse: "jsonc", layout: "grouped", classifyRootKey },
  write: writeClaudeHooks,
});

function classifyRootKey(key: string, value: unknown): RootKeyRole {
  if (!hookRootKeys.has(key)) return { role: "setting" };
  const disabled = key === "disableAllHooks" && value === true;
  return {
    role: "carried",
    consequence: disabled ? "the source turns all hooks off; the converted hooks are on" : null,
  };
}

function writeClaudeHooks(set: PortableHookSet): string {
  const events = buildGroupedEvents(set.hooks, claudeFormat, { handler: writeHandler });
  return formatJsonDocument(buildWrittenDocument({ carried: set.extraFields, events }));
}

function writeHandler(hook: PortableHook): Record<string, unknown> {
  const command = hook.command.default;
  const [program, ...args] = typeof command === "string" || command === null ? [command] : command;
  return buildWrittenHandler(
    {
      type: hook.type,
      command: program,
      args: Array.isArray(command) ? args : undefined,
      timeout: selectWrittenTimeout(hook, claudeFormat),
      statusMessage: hook.statusMessage,
      if: hook.if,
      async: hook.async,
    },
    hook.extraFields,
  );
}
