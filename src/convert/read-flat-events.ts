import { formatJsonPath, type JsonPathSegment } from "../shared/format-json-path.js";
import { isRecord } from "../shared/is-record.js";
import { type ConversionIssue, createLossyIssue } from "./conversion-issue.js";
import type { HookFormat } from "./hook-format.js";
import type { PortableHook } from "./portable-hooks.js";
import { readHandler } from "./read-handler.js";
import { resolveEventName } from "./resolve-event-name.js";

/**
 * Reads an events map of flat hook entries (`{ <event>: [handler] }`) found at `at`, as VS Code's
 * native format and Copilot write it. Unreadable entries are skipped with lossy issues.
 */
export function readFlatEvents(
  events: Record<string, unknown>,
  at: readonly JsonPathSegment[],
  format: HookFormat,
  issues: ConversionIssue[],
): PortableHook[] {
  const hooks: PortableHook[] = [];
  for (const [nativeEvent, entries] of Object.entries(events)) {
    const eventPath = formatJsonPath([...at, nativeEvent]);
    const event = resolveEventName(format, nativeEvent, eventPath, issues);
    if (!Array.isArray(entries)) {
      issues.push(
        createLossyIssue(
          `event ${JSON.stringify(nativeEvent)}`,
          eventPath,
          "must be a list of hook entries; its hooks are skipped",
        ),
      );
      continue;
    }
    entries.forEach((entry: unknown, index) => {
      const segments = [...at, nativeEvent, index];
      if (isRecord(entry) && Array.isArray(entry.hooks) && entry.type === undefined) {
        issues.push(
          createLossyIssue(
            "entry",
            formatJsonPath(segments),
            "is a matcher group (the Claude Code format: read the file with --from claude); it is skipped",
          ),
        );
        return;
      }
      const hook = readHandler(entry, {
        format,
        handlerKeys: format.handlerKeys,
        event,
        nativeEvent,
        segments,
        matcher: { matcher: null, matcherFormat: null },
        matcherPath: null,
        group: null,
        issues,
      });
      if (hook !== null) hooks.push(hook);
    });
  }
  return hooks;
}
