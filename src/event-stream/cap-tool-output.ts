import { deepagentsEventStreamProfile } from "../profiles/deepagents-event-stream.js";

/** What ends a `tool_output` that was cut to the limit. */
export const truncationMarker = deepagentsEventStreamProfile.truncationMarker;

/** The host's `HOOK_TOOL_OUTPUT_LIMIT`: the most characters of `tool_output` sent. */
export const defaultOutputLimit = deepagentsEventStreamProfile.toolOutputLimitCharacters;

const markerLength = [...truncationMarker].length;

/**
 * Caps text at `limit` characters (Unicode code points, so a surrogate pair is never split). A
 * capped value ends with `…[output truncated]` and is exactly `limit` long; text that fits is
 * returned unchanged. A limit below the marker's length (19) counts as 19, `Infinity` means no
 * cap, and a limit that is not a number means the default, 2000.
 *
 * @example
 * ```ts
 * capToolOutput("x".repeat(30), 25); // "xxxxx…[output truncated]"
 * ```
 */
export function capToolOutput(text: string, limit: number): string {
  if (limit === Number.POSITIVE_INFINITY) return text;
  const cap = Math.max(markerLength, Math.floor(Number.isNaN(limit) ? defaultOutputLimit : limit));
  const fullEnd = findIndexAfterCodePoints(text, cap);
  if (fullEnd >= text.length) return text;
  return `${text.slice(0, findIndexAfterCodePoints(text, cap - markerLength))}${truncationMarker}`;
}

/** The string index just after the first `count` code points of `text` (or its length). */
function findIndexAfterCodePoints(text: string, count: number): number {
  let index = 0;
  for (let seen = 0; seen < count && index < text.length; seen += 1) {
    const code = text.charCodeAt(index);
    const isPair =
      code >= 0xd800 &&
      code <= 0xdbff &&
      index + 1 < text.length &&
      isLowSurrogate(text, index + 1);
    index += isPair ? 2 : 1;
  }
  return index;
}

function isLowSurrogate(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 0xdc00 && code <= 0xdfff;
}
