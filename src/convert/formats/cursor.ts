import { cursorProfile } from "../../profiles/cursor.js";
import type { EventSpec } from "../../profiles/profile.js";
import { formatJsonPath, type JsonPathSegment } from "../../shared/format-json-path.js";
import { isRecord } from "../../shared/is-record.js";
import { selectEventName } from "../build-hook-events.js";
import { type ConversionIssue, createLossyIssue, createNoteIssue } from "../conversion-issue.js";
import {
  cursorToolEvents,
  isCursorToolEvent,
  selectCursorToolEvent,
  selectsOnlyMcpTools,
} from "../cursor-tool-events.js";
import { cursorToolNames, translateToolNameToCursor } from "../cursor-tool-names.js";
import { defineHookFormat } from "../define-hook-format.js";
import { describeCanonicalEvent } from "../event-catalog.js";
import { formatJsonDocument } from "../format-json-document.js";
import type { FormatEvent, ReadResult } from "../hook-format.js";
import { listNamedEvents } from "../list-profile-events.js";
import {
  formatRegexMatcher,
  isAllMatcher,
  parseExactMatcher,
  parseRegexMatcher,
} from "../matcher-shape.js";
import { classifyVersionedRootKey, noteHookFileVersion } from "../note-hook-file-version.js";
import { parseSourceText } from "../parse-source-text.js";
import { buildWrittenDocument, buildWrittenHandler } from "../place-carried-fields.js";
import type { CarriedField, PortableHook, PortableHookSet } from "../portable-hooks.js";
import { readHandler } from "../read-handler.js";
import { readHookDocument } from "../read-hook-document.js";
import { type MatcherReading, readMatcher } from "../read-matcher.js";
import { resolveCanonicalEventName } from "../resolve-canonical-event-name.js";

/**
 * Canonical event → Cursor's name, from the cursor profile's rows that are not tool-specific (its
 * tool-specific events, beforeShellExecution and the like, are read through `cursorToolEvents`).
 */
export const cursorEventNames: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(cursorProfile.events).flatMap(([name, spec]: [string, EventSpec]) =>
    spec.canonical === undefined || spec.tools !== undefined ? [] : [[spec.canonical, name]],
  ),
);

/** Canonical events whose Cursor entries take a `matcher` over tool names (`"matcher": "Shell|Read"`). */
function listCursorEvents(): Record<string, FormatEvent> {
  const events: Readonly<Record<string, EventSpec>> = cursorProfile.events;
  const ignoresMatcher = Object.entries(cursorEventNames)
    .filter(([, name]) => events[name]?.matchField !== cursorProfile.toolNameField)
    .map(([canonical]) => canonical);
  return listNamedEvents(cursorEventNames, { ignoresMatcher });
}

/** Cursor's docs give no number for the "platform default" timeout: the profile's assumption. */
const assumedDefaultTimeoutSeconds = cursorProfile.defaultTimeoutSeconds;

/** What dropping a Cursor-only entry field changes, beyond the field itself. */
const entryFieldConsequences: Readonly<Record<string, (value: unknown) => string | null>> = {
  failClosed: (value) =>
    value === true
      ? "the action is no longer blocked when the hook fails, times out or prints invalid JSON"
      : null,
  loop_limit: () => "its cap on automatic stop follow-ups is not carried",
};

/**
 * Cursor's `.cursor/hooks.json` and `~/.cursor/hooks.json`: `version: 1`, camelCase events, flat
 * entries `{command, type, matcher, timeout, failClosed, loop_limit}`, timeouts in seconds.
 * `preToolUse` / `postToolUse` matchers are regular expressions over Cursor's tool names (`Shell`);
 * the tool-specific events (beforeShellExecution, beforeMCPExecution, beforeReadFile,
 * afterShellExecution, afterMCPExecution, afterFileEdit) are read as PreToolUse / PostToolUse on
 * their tool; a portable hook is written on `preToolUse` with a matcher, except one on every MCP
 * tool, written on beforeMCPExecution / afterMCPExecution (Cursor names MCP tools `MCP:<tool>`).
 *
 * @example
 * ```ts
 * cursorFormat.write(set, "json"); // {"version":1,"hooks":{"preToolUse":[{"command":"./guard.sh","matcher":"^Shell$","timeout":30}]}}
 * ```
 */
export const cursorFormat = defineHookFormat({
  name: "cursor",
  title: "Cursor",
  events: listCursorEvents(),
  eventCase: "camel",
  defaultTimeoutSeconds: assumedDefaultTimeoutSeconds,
  timeoutUnit: cursorProfile.timeoutUnit,
  matchers: "regex",
  fields: [],
  handlerKeys: [
    ["command", "command"],
    ["timeout", "timeout"],
  ],
  toolNames: { internalNames: cursorToolNames, groupedNames: {}, matchesInternalNames: true },
  // A Cursor plugin's hooks refer to their files through it (`${CURSOR_PLUGIN_ROOT}/bin/…`).
  variables: ["CURSOR_PLUGIN_ROOT"],
  describeMatcherLoss: describeCursorMatcherLoss,
  read: readCursorHooks,
  write: writeCursorHooks,
});

/**
 * Why a portable tool matcher cannot be written for Cursor with its meaning, or null: Cursor's
 * preToolUse names MCP tools `MCP:<tool>`, without the server, so only "every MCP tool" converts.
 */
function describeCursorMatcherLoss(event: string, matcher: string): string | null {
  if (!describeCanonicalEvent(event).toolEvent || !matcher.includes("mcp__")) return null;
  const mcpEvent = event === "PreToolUse" || event === "PostToolUse";
  if (mcpEvent && matcher === "mcp__.*") return null;
  if (mcpEvent && selectsOnlyMcpTools(matcher)) {
    const written = event === "PreToolUse" ? "beforeMCPExecution" : "afterMCPExecution";
    return `Cursor cannot select one MCP tool (its tool names are MCP:<tool>, without the server); the hook is written on ${written} and fires for every MCP tool call`;
  }
  return "Cursor names MCP tools MCP:<tool>, so the mcp__ names in the matcher match nothing there; it is carried as is";
}

function readCursorHooks(text: string, file: string): ReadResult {
  const parsed = parseSourceText(text, file, "json");
  if (!parsed.ok || !isRecord(parsed.value) || !isRecord(parsed.value.hooks)) {
    // Not an object, or no events map: the shared reader says why, or reads an empty document.
    return readHookDocument(parsed, file, { format: cursorFormat, ...documentRules });
  }
  const issues = noteHookFileVersion(parsed.value.version, "Cursor");
  const events = parsed.value.hooks;
  const root = readHookDocument(
    { ...parsed, value: { ...parsed.value, hooks: {} } },
    file,
    { format: cursorFormat, ...documentRules },
    issues,
  );
  if (!root.ok) return root;
  const hooks = readCursorEvents(events, issues);
  const untimed = Object.values(events).some(
    (list) => Array.isArray(list) && list.some((entry) => isRecord(entry) && !("timeout" in entry)),
  );
  if (untimed) {
    issues.push(
      createNoteIssue(
        "entries without a timeout",
        null,
        `get Cursor's default timeout, for which its docs give no number; they are read as ${assumedDefaultTimeoutSeconds} s`,
      ),
    );
  }
  return { ok: true, set: { ...root.set, hooks }, issues };
}

const documentRules = {
  syntax: "json",
  layout: "flat",
  classifyRootKey: classifyVersionedRootKey,
} as const;

function readCursorEvents(
  events: Record<string, unknown>,
  issues: ConversionIssue[],
): PortableHook[] {
  const hooks: PortableHook[] = [];
  for (const [nativeEvent, list] of Object.entries(events)) {
    const eventPath = formatJsonPath(["hooks", nativeEvent]);
    const toolEvent = isCursorToolEvent(nativeEvent) ? cursorToolEvents[nativeEvent] : null;
    const event =
      toolEvent?.event ?? resolveCanonicalEventName(cursorFormat, nativeEvent, eventPath, issues);
    if (!Array.isArray(list)) {
      issues.push(
        createLossyIssue(
          `event ${JSON.stringify(nativeEvent)}`,
          eventPath,
          "must be a list of hook entries; its hooks are skipped",
        ),
      );
      continue;
    }
    if (toolEvent !== null && list.length > 0) {
      issues.push(
        createNoteIssue(
          `event ${JSON.stringify(nativeEvent)}`,
          eventPath,
          `is read as ${toolEvent.event} on ${toolEvent.matcher}; Cursor sends these hooks ${toolEvent.payload} rather than tool_name and tool_input, so check what the scripts read`,
        ),
      );
    }
    list.forEach((entry: unknown, index) => {
      const hook = readEntry(
        entry,
        { nativeEvent, event, at: ["hooks", nativeEvent, index] },
        issues,
      );
      if (hook !== null) hooks.push(hook);
    });
  }
  return hooks;
}

interface EntryPlace {
  nativeEvent: string;
  event: string;
  at: JsonPathSegment[];
}

function readEntry(
  entry: unknown,
  place: EntryPlace,
  issues: ConversionIssue[],
): PortableHook | null {
  const { nativeEvent, event, at } = place;
  const matcherPath = formatJsonPath([...at, "matcher"]);
  const { matcher, ...handler } = isRecord(entry) ? entry : { matcher: undefined };
  let reading: MatcherReading;
  if (isCursorToolEvent(nativeEvent)) {
    reading = { matcher: cursorToolEvents[nativeEvent].matcher, matcherFormat: null };
    if (matcher !== undefined) {
      issues.push(
        createLossyIssue(
          `matcher ${JSON.stringify(matcher)}`,
          matcherPath,
          `filters what Cursor's ${nativeEvent} acts on (such as the command text), which other formats cannot hold; it is dropped and the hook runs for every call`,
        ),
      );
    }
  } else if (matcher !== undefined && typeof matcher !== "string") {
    issues.push(createLossyIssue("matcher", matcherPath, "must be a string; the entry is skipped"));
    return null;
  } else {
    reading = readMatcher(matcher ?? null, {
      format: cursorFormat,
      event,
      nativeEvent,
      path: matcherPath,
      issues,
    });
    // `MCP:<tool>` names a Cursor tool no other format spells so: carried only within Cursor.
    if (reading.matcher?.includes("MCP:") === true)
      reading = { ...reading, matcherFormat: "cursor" };
  }
  const hook = readHandler(isRecord(entry) ? { type: "command", ...handler } : entry, {
    format: cursorFormat,
    handlerKeys: cursorFormat.handlerKeys,
    event,
    nativeEvent,
    segments: at,
    matcher: reading,
    matcherPath:
      typeof matcher === "string" && !isCursorToolEvent(nativeEvent) ? matcherPath : null,
    group: null,
    issues,
  });
  if (hook === null) return null;
  return { ...hook, extraFields: hook.extraFields.map(addConsequence) };
}

function addConsequence(field: CarriedField): CarriedField {
  const key = field.segments[0] ?? "";
  const consequence = Object.hasOwn(entryFieldConsequences, key)
    ? (entryFieldConsequences[key]?.(field.value) ?? null)
    : null;
  return consequence === null ? field : { ...field, consequence };
}

function writeCursorHooks(set: PortableHookSet): string {
  const events = new Map<string, Record<string, unknown>[]>();
  for (const hook of set.hooks) {
    const fromCursor = hook.origin.format === cursorFormat.name;
    const toolEvent = selectCursorToolEvent(
      hook.event,
      hook.matcher,
      fromCursor ? hook.origin.event : null,
    );
    const name = toolEvent ?? selectEventName(hook, cursorFormat);
    const matcher = toolEvent === null ? writeCursorMatcher(hook) : null;
    events.set(name, [...(events.get(name) ?? []), writeEntry(hook, matcher)]);
  }
  return formatJsonDocument(
    buildWrittenDocument({
      leading: { version: 1 },
      carried: set.extraFields,
      events: Object.fromEntries(events),
    }),
  );
}

/**
 * A portable matcher in Cursor's syntax: tool names, plain or anchored, renamed to Cursor's and
 * anchored (`Bash` → `^Shell$`, `Edit|Write` → `^(StrReplace|Write)$`), other expressions as written.
 */
export function writeCursorMatcher(hook: PortableHook): string | null {
  if (isAllMatcher(hook.matcher)) return null;
  const exact = parseExactMatcher(hook.matcher);
  const shape = exact.kind === "regex" ? parseRegexMatcher(exact.pattern).shape : exact;
  if (shape.kind !== "names" || !describeCanonicalEvent(hook.event).toolEvent) {
    return hook.matcher;
  }
  return formatRegexMatcher({ kind: "names", names: shape.names.map(translateToolNameToCursor) });
}

function writeEntry(hook: PortableHook, matcher: string | null): Record<string, unknown> {
  return buildWrittenHandler(
    {
      // Cursor takes an entry without a type as a command.
      type: hook.type === "command" ? undefined : hook.type,
      command: typeof hook.command.default === "string" ? hook.command.default : undefined,
      matcher,
      // Always written: Cursor's default has no documented number.
      timeout: hook.timeoutSeconds,
    },
    hook.extraFields,
  );
}
