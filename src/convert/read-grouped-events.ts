import { formatJsonPath, type JsonPathSegment } from "../shared/format-json-path.js";
import { isRecord } from "../shared/is-record.js";
import { type ConversionIssue, createLossyIssue } from "./conversion-issue.js";
import type { HookFormat } from "./hook-format.js";
import type { PortableHook } from "./portable-hooks.js";
import { readHandler } from "./read-handler.js";
import { readMatcher } from "./read-matcher.js";
import { resolveEventName } from "./resolve-event-name.js";

const groupKeys = new Set(["matcher", "hooks"]);

/**
 * Reads an events map of matcher groups (`{ <event>: [{ matcher, hooks: [handler] }] }`) found at
 * `at`, as Deep Agents, ZeroCode and Claude Code write it. Unreadable items are skipped with
 * lossy issues; valid siblings still load.
 */
export function readGroupedEvents(
  events: Record<string, unknown>,
  at: readonly JsonPathSegment[],
  rules: { format: HookFormat; handlerKeys: HookFormat["handlerKeys"] },
  issues: ConversionIssue[],
): PortableHook[] {
  const hooks: PortableHook[] = [];
  for (const [nativeEvent, groups] of Object.entries(events)) {
    const eventPath = formatJsonPath([...at, nativeEvent]);
    const event = resolveEventName(rules.format, nativeEvent, eventPath, issues);
    if (!Array.isArray(groups)) {
      issues.push(
        createLossyIssue(
          `event ${JSON.stringify(nativeEvent)}`,
          eventPath,
          "must be a list of matcher groups; its hooks are skipped",
        ),
      );
      continue;
    }
    groups.forEach((group: unknown, groupIndex) => {
      const groupAt = [...at, nativeEvent, groupIndex];
      const where = { event, nativeEvent, groupAt, groupIndex };
      hooks.push(...readGroup(group, where, rules, issues));
    });
  }
  return hooks;
}

function readGroup(
  group: unknown,
  where: { event: string; nativeEvent: string; groupAt: JsonPathSegment[]; groupIndex: number },
  rules: { format: HookFormat; handlerKeys: HookFormat["handlerKeys"] },
  issues: ConversionIssue[],
): PortableHook[] {
  const { event, nativeEvent, groupAt, groupIndex } = where;
  const groupPath = formatJsonPath(groupAt);
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
          formatJsonPath([...groupAt, key]),
          "is not a matcher group field; it is dropped",
        ),
      );
    }
  }
  const matcher = group.matcher;
  const matcherPath = formatJsonPath([...groupAt, "matcher"]);
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
    format: rules.format,
    event,
    nativeEvent,
    path: matcherPath,
    issues,
  });
  const hooks: PortableHook[] = [];
  group.hooks.forEach((handler: unknown, handlerIndex) => {
    const hook = readHandler(handler, {
      format: rules.format,
      handlerKeys: rules.handlerKeys,
      event,
      nativeEvent,
      segments: [...groupAt, "hooks", handlerIndex],
      matcher: reading,
      matcherPath: typeof matcher === "string" ? matcherPath : null,
      group: groupIndex,
      issues,
    });
    if (hook !== null) hooks.push(hook);
  });
  return hooks;
}
