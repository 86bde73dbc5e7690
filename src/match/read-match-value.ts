import path from "node:path";
import type { EventSpec } from "../profiles/profile.js";
import { isRecord } from "../shared/is-record.js";

/**
 * Reads the value an event's matchers are tested on: the payload's match-field string, or its last
 * path segment where the event matches on `basename`; null when the event has no match field or
 * the payload no string there.
 *
 * @example
 * ```ts
 * readMatchValue(claudeProfile.events.FileChanged, { file_path: "/repo/.envrc" }); // ".envrc"
 * readMatchValue(claudeProfile.events.PreToolUse, { tool_name: "Bash" }); // "Bash"
 * ```
 */
export function readMatchValue(
  spec: Pick<EventSpec, "matchField" | "matchOn"> | undefined,
  payload: unknown,
): string | null {
  const field = spec?.matchField ?? null;
  if (field === null || !isRecord(payload) || !Object.hasOwn(payload, field)) return null;
  const value = payload[field];
  if (typeof value !== "string") return null;
  // The host's own path rules: on Windows both separators end a segment.
  return spec?.matchOn === "basename" ? path.basename(value) : value;
}
