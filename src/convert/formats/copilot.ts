import { copilotProfile } from "../../profiles/copilot.js";
import type { EventSpec } from "../../profiles/profile.js";
import { buildFlatEvents } from "../build-hook-events.js";
import { defineHookFormat } from "../define-hook-format.js";
import { formatJsonDocument } from "../format-json-document.js";
import { githubHookEntryFields } from "../github-hook-entry-fields.js";
import type { ReadResult } from "../hook-format.js";
import { listNamedEvents } from "../list-profile-events.js";
import { classifyVersionedRootKey, noteHookFileVersion } from "../note-hook-file-version.js";
import { parseSourceText } from "../parse-source-text.js";
import { buildWrittenDocument, buildWrittenHandler } from "../place-carried-fields.js";
import type { PortableHook, PortableHookSet } from "../portable-hooks.js";
import { readHookDocument } from "../read-hook-document.js";
import { selectWrittenTimeout } from "../resolve-default-timeout.js";

/** Canonical event → Copilot CLI's camelCase name, from the copilot profile's rows. */
const eventNames: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(copilotProfile.events).flatMap(([name, spec]: [string, EventSpec]) =>
    spec.canonical === undefined ? [] : [[spec.canonical, name]],
  ),
);

/**
 * The GitHub Copilot CLI format (`.github/hooks/*.json`): `version: 1`, camelCase events (the
 * PascalCase spellings are accepted too), flat entries with `bash` / `powershell`, `cwd`, `env`
 * and `timeoutSec` (default 30 s). As in VS Code's Local harness, `bash` is the Linux and macOS
 * command and `powershell` the Windows one; there is no default command (a non-standard `command`
 * key is read as one, never written).
 */
export const copilotFormat = defineHookFormat({
  name: "copilot",
  title: "Copilot CLI",
  events: listNamedEvents(eventNames, { aliases: true }),
  eventCase: "camel",
  defaultTimeoutSeconds: copilotProfile.defaultTimeoutSeconds,
  timeoutUnit: copilotProfile.timeoutUnit,
  ...githubHookEntryFields,
  defaultCommandPlatforms: ["linux", "osx"],
  handlerKeys: [
    ["bash", "linux"],
    ["bash", "osx"],
    ["powershell", "windows"],
    ["command", "command"],
    ["cwd", "cwd"],
    ["env", "env"],
    ["timeoutSec", "timeout"],
  ],
  read: readCopilotHooks,
  write: writeCopilotHooks,
});

function readCopilotHooks(text: string, file: string): ReadResult {
  const parsed = parseSourceText(text, file, "json");
  const issues =
    parsed.ok && typeof parsed.value === "object" && parsed.value !== null
      ? noteHookFileVersion((parsed.value as Record<string, unknown>).version, "Copilot CLI")
      : [];
  return readHookDocument(
    parsed,
    file,
    {
      format: copilotFormat,
      syntax: "json",
      layout: "flat",
      classifyRootKey: classifyVersionedRootKey,
    },
    issues,
  );
}

function writeCopilotHooks(set: PortableHookSet): string {
  const events = buildFlatEvents(set.hooks, copilotFormat, writeEntry);
  return formatJsonDocument(
    buildWrittenDocument({ leading: { version: 1 }, carried: set.extraFields, events }),
  );
}

function writeEntry(hook: PortableHook): Record<string, unknown> {
  const { linux, osx, default: fallback } = hook.command;
  return buildWrittenHandler(
    {
      type: hook.type,
      // Fitted hooks have equal Linux and macOS commands and no default (see fitCommand).
      bash: linux ?? osx ?? (typeof fallback === "string" ? fallback : undefined),
      powershell: hook.command.windows,
      cwd: hook.cwd,
      env: hook.env,
      timeoutSec: selectWrittenTimeout(hook, copilotFormat),
    },
    hook.extraFields,
  );
}
