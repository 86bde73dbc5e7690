import { geminiProfile } from "../../profiles/gemini.js";
import type { EventSpec } from "../../profiles/profile.js";
import { isRecord } from "../../shared/is-record.js";
import { buildGroupedEvents } from "../build-hook-events.js";
import { convertSecondsToUnit } from "../convert-timeout-unit.js";
import { defineHookFormat } from "../define-hook-format.js";
import { describeCanonicalEvent } from "../event-catalog.js";
import { formatJsonDocument } from "../format-json-document.js";
import { geminiToolNames, translateToolNameToGemini } from "../gemini-tool-names.js";
import type { FormatEvent } from "../hook-format.js";
import { listNamedEvents } from "../list-profile-events.js";
import {
  formatRegexMatcher,
  isAllMatcher,
  parseExactMatcher,
  parseRegexMatcher,
} from "../matcher-shape.js";
import { buildWrittenDocument, buildWrittenHandler } from "../place-carried-fields.js";
import type { PortableHook, PortableHookSet } from "../portable-hooks.js";
import type { RootKeyRole } from "../read-hook-document.js";
import { selectWrittenTimeout } from "../resolve-default-timeout.js";

const profile = geminiProfile;
const rows: readonly (readonly [string, EventSpec])[] = Object.entries(profile.events);

/**
 * Canonical event → Gemini CLI's name, from the profile's rows (`canonical`, else the event's own
 * name): `PreToolUse` → `BeforeTool`, `BeforeModel` → `BeforeModel`.
 */
export const geminiEventNames: Readonly<Record<string, string>> = Object.fromEntries(
  rows.map(([name, spec]) => [spec.canonical ?? name, name]),
);

/**
 * The event table from the profile's rows: events fired without a matcher context (`matchField:
 * null`) run every hook, and trigger events (`literal-names`) compare the matcher as one exact
 * string (`matchesTrigger`).
 */
function listGeminiEvents(): Record<string, FormatEvent> {
  const canonical = (name: string, spec: EventSpec) => spec.canonical ?? name;
  const ignoresMatcher = rows
    .filter(([, spec]) => spec.matchField === null)
    .map(([name, spec]) => canonical(name, spec));
  const events = listNamedEvents(geminiEventNames, { ignoresMatcher });
  for (const [name, spec] of rows) {
    const event = events[canonical(name, spec)];
    if (event !== undefined && spec.matcherSyntax === "literal-names") {
      events[canonical(name, spec)] = { ...event, exactMatcher: true };
    }
  }
  return events;
}

/** Keys of the `hooks` object that are settings, not events (`HOOKS_CONFIG_FIELDS`). */
const hooksTableKeys = ["enabled", "disabled", "notifications"];

/**
 * Gemini CLI settings (`~/.gemini/settings.json`, `.gemini/settings.json`): `hooks.<Event>[{matcher,
 * sequential, hooks: [{type, command, name, description, timeout, env}]}]`, tool matchers as
 * unanchored regular expressions over Gemini's own tool names (`run_shell_command`), timeouts in
 * milliseconds (default 60000). Only `hooks` and `hooksConfig` are converted.
 *
 * @example
 * ```ts
 * geminiFormat.write(set, "json"); // {"hooks":{"BeforeTool":[{"matcher":"^run_shell_command$",…}]}}
 * ```
 */
export const geminiFormat = defineHookFormat({
  name: "gemini",
  title: profile.title,
  events: listGeminiEvents(),
  eventCase: "pascal",
  defaultTimeoutSeconds: profile.defaultTimeoutSeconds,
  timeoutUnit: profile.timeoutUnit,
  matchers: "regex",
  fields: ["env"],
  handlerKeys: [
    ["command", "command"],
    ["timeout", "timeout"],
    ["env", "env"],
  ],
  toolNames: { internalNames: geminiToolNames, groupedNames: {}, matchesInternalNames: true },
  variables: profile.projectDirectoryVariables,
  // hookRunner.js `expandCommand` (gemini-cli-core 0.61.0): each `$NAME` becomes the value quoted
  // for the shell (shell-quote), wherever it stands; `${NAME}` is not replaced.
  substitutedVariables: [
    "GEMINI_PROJECT_DIR",
    "GEMINI_CWD",
    "GEMINI_PLANS_DIR",
    "GEMINI_SESSION_ID",
    "CLAUDE_PROJECT_DIR",
  ],
  document: {
    parse: "jsonc",
    layout: "grouped",
    classifyRootKey,
    tableKeys: hooksTableKeys,
  },
  write: writeGeminiHooks,
});

function classifyRootKey(key: string, value: unknown): RootKeyRole {
  if (key === "$schema") return { role: "carried", consequence: null };
  if (key !== "hooksConfig") return { role: "setting" };
  const disabled = isRecord(value) && value.enabled === false;
  return {
    role: "carried",
    consequence: disabled ? "the source turns hooks off; the converted hooks are on" : null,
  };
}

function writeGeminiHooks(set: PortableHookSet): string {
  const events = buildGroupedEvents(set.hooks, geminiFormat, {
    matcher: writeGeminiMatcher,
    handler: writeHandler,
  });
  return formatJsonDocument(buildWrittenDocument({ carried: set.extraFields, events }));
}

/**
 * A portable matcher in Gemini CLI's syntax: tool names, plain or anchored, renamed to Gemini's and
 * anchored (`Bash` and `^Bash$` → `^run_shell_command$`), other events' names kept for its exact
 * comparison, other regular expressions as written.
 */
export function writeGeminiMatcher(hook: PortableHook): string | null {
  if (isAllMatcher(hook.matcher)) return hook.matcher;
  const exact = parseExactMatcher(hook.matcher);
  const shape = exact.kind === "regex" ? parseRegexMatcher(exact.pattern).shape : exact;
  if (shape.kind !== "names" || !describeCanonicalEvent(hook.event).toolEvent) {
    return hook.matcher;
  }
  return formatRegexMatcher({ kind: "names", names: shape.names.map(translateToolNameToGemini) });
}

function writeHandler(hook: PortableHook): Record<string, unknown> {
  const seconds = selectWrittenTimeout(hook, geminiFormat);
  return buildWrittenHandler(
    {
      type: hook.type,
      command: typeof hook.command.default === "string" ? hook.command.default : undefined,
      timeout: seconds === undefined ? undefined : convertSecondsToUnit(seconds, "milliseconds"),
      env: hook.env,
    },
    hook.extraFields,
  );
}
