import { profiles } from "../../profiles/profiles.js";
import { buildFlatEvents } from "../build-hook-events.js";
import { defineHookFormat } from "../define-hook-format.js";
import { formatJsonDocument } from "../format-json-document.js";
import { githubHookEntryFields } from "../github-hook-entry-fields.js";
import { listProfileEvents } from "../list-profile-events.js";
import { buildWrittenDocument, buildWrittenHandler } from "../place-carried-fields.js";
import type { PortableHook, PortableHookSet } from "../portable-hooks.js";
import { selectWrittenTimeout } from "../resolve-default-timeout.js";

const profile = profiles.vscode;

/**
 * VS Code's native Local hook format (`.github/hooks/*.json`): a flat list of command entries per
 * event, no matchers, per-OS `windows` / `linux` / `osx` commands, `cwd`, `env`, default 30 s.
 */
export const vscodeFormat = defineHookFormat({
  name: "vscode",
  // Messages name the editor; the profile's title names its harness.
  title: "VS Code",
  // The native format has no `if`; the profile takes one only from Claude-format handlers.
  events: listProfileEvents(profile, { supportsIf: false }),
  eventCase: "pascal",
  defaultTimeoutSeconds: profile.defaultTimeoutSeconds,
  ...githubHookEntryFields,
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
  document: {
    parse: "jsonc",
    layout: "flat",
    classifyRootKey: () => ({ role: "carried", consequence: null }),
  },
  write: writeVscodeHooks,
});

function writeVscodeHooks(set: PortableHookSet): string {
  const events = buildFlatEvents(set.hooks, vscodeFormat, writeEntry);
  return formatJsonDocument(buildWrittenDocument({ carried: set.extraFields, events }));
}

function writeEntry(hook: PortableHook): Record<string, unknown> {
  return buildWrittenHandler(
    {
      type: hook.type,
      command: typeof hook.command.default === "string" ? hook.command.default : undefined,
      windows: hook.command.windows,
      linux: hook.command.linux,
      osx: hook.command.osx,
      cwd: hook.cwd,
      env: hook.env,
      timeout: selectWrittenTimeout(hook, vscodeFormat),
    },
    hook.extraFields,
  );
}
