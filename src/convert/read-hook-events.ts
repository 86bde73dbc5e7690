import { formatJsonPath, type JsonPathSegment } from "../shared/format-json-path.js";
import { isRecord } from "../shared/is-record.js";
import { type ConversionIssue, createLossyIssue } from "./conversion-issue.js";
import type { HookFormat } from "./hook-format.js";
import type { PortableHook } from "./portable-hooks.js";
import { type ConversionHandlerContext, readHandler } from "./read-handler.js";
import { readMatcher } from "./read-matcher.js";
import { resolveCanonicalEventName } from "./resolve-canonical-event-name.js";

/**
 * How an events map lists its hooks: `grouped` in matcher groups (`{ <event>: [{ matcher, hooks:
 * [handler] }] }`, Deep Agents, ZeroCode and Claude Code), `flat` as handler entries (`{ <event>:
 * [handler] }`, VS Code's native format and Copilot CLI).
 */
export type EventsLayout = "grouped" | "flat";

/** The format being read, its layout, and the handler keys of this document's syntax. */
export interface EventsRules {
  format: HookFormat;
  layout: EventsLayout;
  handlerKeys: HookFormat["handlerKeys"];
}

/** Where an item of an event's list sits, and what reading its handlers needs. */
interface ItemPlace {
  handler: Pick<
    ConversionHandlerContext,
    "format" | "handlerKeys" | "event" | "nativeEvent" | "issues"
  >;
  at: JsonPathSegment[];
  index: number;
}

const groupKeys = new Set(["matcher", "hooks"]);

/**
 * Reads an events map found at `at`. Unreadable items are skipped with lossy issues; valid
 * siblings still load.
 */
export function readHookEvents(
  events: Record<string, unknown>,
  at: readonly JsonPathSegment[],
  rules: EventsRules,
  issues: ConversionIssue[],
): PortableHook[] {
  const hooks: PortableHook[] = [];
  const items = rules.layout === "grouped" ? "matcher groups" : "hook entries";
  for (const [nativeEvent, list] of Object.entries(events)) {
    const eventPath = formatJsonPath([...at, nativeEvent]);
    const event = resolveCanonicalEventName(rules.format, nativeEvent, eventPath, issues);
    if (!Array.isArray(list)) {
      issues.push(
        createLossyIssue(
          `event ${JSON.stringify(nativeEvent)}`,
          eventPath,
          `must be a list of ${items}; its hooks are skipped`,
        ),
      );
      continue;
    }
    const handler = {
      format: rules.format,
      handlerKeys: rules.handlerKeys,
      event,
      nativeEvent,
      issues,
    };
    list.forEach((item: unknown, index) => {
      const place = { handler, at: [...at, nativeEvent, index], index };
      hooks.push(...(rules.layout === "grouped" ? readGroup(item, place) : readEntry(item, place)));
    });
  }
  return hooks;
}

function readEntry(entry: unknown, place: ItemPlace): PortableHook[] {
  const { issues } = place.handler;
  if (isRecord(entry) && Array.isArray(entry.hooks) && entry.type === undefined) {
    issues.push(
      createLossyIssue(
        "entry",
        formatJsonPath(place.at),
        "is a matcher group (the Claude Code format: read the file with --from claude); it is skipped",
      ),
    );
    return [];
  }
  const hook = readHandler(entry, {
    ...place.handler,
    segments: place.at,
    matcher: { matcher: null, matcherFormat: null },
    matcherPath: null,
    group: null,
    issues,
  });
  return hook === null ? [] : [hook];
}

function readGroup(group: unknown, place: ItemPlace): PortableHook[] {
  const { format, event, nativeEvent, issues } = place.handler;
  const at = place.at;
  const groupPath = formatJsonPath(at);
  if (!isRecord(group)) {
    issues.push(createLossyIssue("matcher group", groupPath, "is not an object; it is skipped"));
    return [];
  }
  if (group.hooks === undefined && (group.type !== undefined || group.command !== undefined)) {
    issues.push(
      createLossyIssue(
        "matcher group",
        groupPath,
        "is a flat hook entry without matcher groups (as vscode and copilot files write them); it is skipped",
      ),
    );
    return [];
  }
  for (const key of Object.keys(group)) {
    if (!groupKeys.has(key)) {
      issues.push(
        createLossyIssue(
          `"${key}"`,
          formatJsonPath([...at, key]),
          key === "sequential"
            ? "has no place in the portable model; it is dropped, and the hooks run in parallel as every other format runs them"
            : "is not a matcher group field; it is dropped",
        ),
      );
    }
  }
  const matcher = group.matcher;
  const matcherPath = formatJsonPath([...at, "matcher"]);
  if (matcher !== undefined && matcher !== null && typeof matcher !== "string") {
    issues.push(createLossyIssue("matcher", matcherPath, "must be a string; the group is skipped"));
    return [];
  }
  if (!Array.isArray(group.hooks)) {
    issues.push(
      createLossyIssue("matcher group", groupPath, 'needs a "hooks" list; it is skipped'),
    );
    return [];
  }
  const reading = readMatcher(matcher ?? null, {
    format,
    event,
    nativeEvent,
    path: matcherPath,
    issues,
  });
  const hooks: PortableHook[] = [];
  group.hooks.forEach((handler: unknown, handlerIndex) => {
    const hook = readHandler(handler, {
      ...place.handler,
      segments: [...at, "hooks", handlerIndex],
      matcher: reading,
      matcherPath: typeof matcher === "string" ? matcherPath : null,
      group: place.index,
      issues,
    });
    if (hook !== null) hooks.push(hook);
  });
  return hooks;
}
