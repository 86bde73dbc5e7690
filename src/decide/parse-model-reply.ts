import { isRecord } from "../shared/is-record.js";
import { safeParseJson } from "../shared/safe-parse-json.js";

/** A `prompt` or `agent` handler's answer, as Claude Code defines it. */
export interface ModelReply {
  /** True: the condition holds and the action proceeds; false: it is blocked. */
  ok: boolean;
  /** Why it is blocked, or null when the model gave none. */
  reason: string | null;
  /** A Stop condition that can never be met: the turn ends instead of continuing. */
  impossible: boolean;
}

/** A model's reply parsed without throwing: the answer, or what is wrong with the text. */
export type ParsedModelReply =
  | { success: true; reply: ModelReply }
  | { success: false; error: string };

// A model may fence its JSON in a Markdown code block; the fence is not part of the answer.
const codeFencePattern = /^```(?:json)?[ \t]*\r?\n([\s\S]*?)\r?\n?```$/i;

/**
 * Reads a model's reply text as `{ "ok": boolean, "reason"?: string, "impossible"?: boolean }`
 * (other keys ignored; a Markdown code fence around it is allowed); anything else is an error
 * value naming what is wrong.
 *
 * @example
 * ```ts
 * parseModelReply('{"ok": false, "reason": "tests fail"}');
 * // { success: true, reply: { ok: false, reason: "tests fail", impossible: false } }
 * parseModelReply("Looks fine to me"); // { success: false, error: "it is not JSON" }
 * ```
 */
export function parseModelReply(text: string): ParsedModelReply {
  const trimmed = text.trim();
  const body = codeFencePattern.exec(trimmed)?.[1] ?? trimmed;
  if (body === "") return { success: false, error: "it is empty" };
  const parsed = safeParseJson(body);
  if (!parsed.success) return { success: false, error: "it is not JSON" };
  const value = parsed.value;
  if (!isRecord(value)) return { success: false, error: "it is not a JSON object" };
  if (typeof value.ok !== "boolean") {
    return { success: false, error: 'its "ok" is missing or not true or false' };
  }
  const reason = value.reason ?? null;
  if (reason !== null && typeof reason !== "string") {
    return { success: false, error: 'its "reason" is not a string' };
  }
  const impossible = value.impossible ?? false;
  if (typeof impossible !== "boolean") {
    return { success: false, error: 'its "impossible" is not true or false' };
  }
  const given = reason === null || reason.trim() === "" ? null : reason;
  return { success: true, reply: { ok: value.ok, reason: given, impossible } };
}
