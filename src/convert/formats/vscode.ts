import { buildFlatEvents } from "../build-hook-events.js";
import { compactObject } from "../compact-object.js";
import { formatJsonDocument } from "../format-json-document.js";
import type { HookFormat, ReadResult } from "../hook-format.js";
import { listNamedEvents } from "../list-profile-events.js";
import { parseSourceText } from "../parse-source-text.js";
import { placeCarriedFields } from "../place-carried-fields.js";
import type { PortableHook, PortableHookSet } from "../portable-hooks.js";
import { readFlatEvents } from "../read-flat-events.js";
import { readHookDocument } from "../read-hook-document.js";
import { selectWrittenTimeout } from "../resolve-default-timeout.js";

const eventNames = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PreCompact",
  "SubagentStart",
  "SubagentStop",
  "Stop",
] as const;

/**
 * VS Code's native Local hook format (`.github/hooks/*.json`): a flat list of command entries per
 * event, no matchers, per-OS `windows` / `linux` / `osx` commands, `cwd`, `env`, default 30 s.
 */
export const vscodeFormat: HookFormat = {
  name: "vscode",
  title: "VS Code",
  syntaxes: ["json"],
  events: listNamedEvents(Object.fromEntries(eventNames.map((name) => [name, name])), {}),
  eventCase: "pascal",
  defaultTimeoutSeconds: 30,
  typeTimeoutSeconds: {},
  matchers: null,
  fields: ["cwd", "env"],
  platforms: ["windows", "linux", "osx"],
  defaultCommandRequired: false,
  argv: false,
  handlerKeys: [
    ["command", "command"],
    ["windows", "windows"],
    ["linux", "linux"],
    ["osx", "osx"],
    ["cwd", "cwd"],
    ["env", "env"],
    ["timeout", "timeout"],
  ],
  ignoredHandlerKeys: {
    matcher:
      "VS Code ignores a matcher in native entries (the hook fires for every tool), so it is not carried",
  },
  skipsAsyncHooks: false,
  descriptionSyntaxes: [],
  toolNames: { internalNames: {}, groupedNames: {} },
  variables: [],
  read: readVscodeHooks,
  write: writeVscodeHooks,
};

function readVscodeHooks(text: string, file: string): ReadResult {
  return readHookDocument(
    parseSourceText(text, file, "jsonc"),
    file,
    {
      format: vscodeFormat,
      syntax: "json",
      classifyRootKey: () => ({ role: "carried", consequence: null }),
      readEvents: (events, at, issues) => readFlatEvents(events, at, vscodeFormat, issues),
    },
    [],
  );
}

function writeVscodeHooks(set: PortableHookSet): string {
  const document: Record<string, unknown> = {};
  placeCarriedFields(document, set.extraFields);
  document.hooks = buildFlatEvents(set.hooks, vscodeFormat, writeEntry);
  return formatJsonDocument(document);
}

function writeEntry(hook: PortableHook): Record<string, unknown> {
  const entry = compactObject({
    type: hook.type,
    command: typeof hook.command.default === "string" ? hook.command.default : undefined,
    windows: hook.command.windows,
    linux: hook.command.linux,
    osx: hook.command.osx,
    cwd: hook.cwd,
    env: hook.env,
    timeout: selectWrittenTimeout(hook, vscodeFormat),
  });
  placeCarriedFields(entry, hook.extraFields);
  return entry;
}
