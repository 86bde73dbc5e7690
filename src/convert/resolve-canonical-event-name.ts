import { type ConversionIssue, createNoteIssue } from "./conversion-issue.js";
import type { HookFormat } from "./hook-format.js";

/**
 * The canonical name of an event as a source spells it (`agentStop` → `Stop`). A name the format
 * does not have is carried (capitalized for camelCase formats) with a note.
 */
export function resolveCanonicalEventName(
  format: HookFormat,
  nativeEvent: string,
  path: string,
  issues: ConversionIssue[],
): string {
  for (const [canonical, spec] of Object.entries(format.events)) {
    if (spec.name === nativeEvent || spec.aliases.includes(nativeEvent)) return canonical;
  }
  const canonical =
    format.eventCase === "camel"
      ? `${nativeEvent.charAt(0).toUpperCase()}${nativeEvent.slice(1)}`
      : nativeEvent;
  issues.push(
    createNoteIssue(
      `event ${JSON.stringify(nativeEvent)}`,
      path,
      `is not a ${format.title} event, so its hooks never run there; it is carried as ${canonical}`,
    ),
  );
  return canonical;
}
