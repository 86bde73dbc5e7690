import { isRecord } from "../shared/is-record.js";
import { safeParseJson } from "../shared/safe-parse-json.js";

/** A hook's trimmed stdout: nothing, a JSON object, or text that is not one. */
export type HookJson =
  | { kind: "empty" }
  | { kind: "object"; value: Record<string, unknown> }
  | { kind: "unreadable"; why: string };

/**
 * Parses a hook's stdout as the JSON object hook protocols expect, without throwing.
 *
 * @example
 * ```ts
 * readHookJson('{"decision":"deny"}'); // { kind: "object", value: { decision: "deny" } }
 * readHookJson("ok"); // { kind: "unreadable", why: "printed text that is not JSON" }
 * ```
 */
export function readHookJson(stdout: string): HookJson {
  const text = stdout.trim();
  if (text === "") return { kind: "empty" };
  const parsed = safeParseJson(text);
  if (!parsed.success) {
    const why = text.startsWith("{")
      ? "printed output that starts like JSON but does not parse"
      : "printed text that is not JSON";
    return { kind: "unreadable", why };
  }
  if (!isRecord(parsed.value))
    return { kind: "unreadable", why: "printed JSON that is not an object" };
  return { kind: "object", value: parsed.value };
}
