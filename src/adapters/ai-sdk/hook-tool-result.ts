import { isRecord } from "../../shared/is-record.js";

/** What the model sees instead of a tool's result when a PreToolUse hook denied the call. */
export interface HookDenial {
  hook: { event: "PreToolUse"; decision: "deny"; reason: string };
}

/**
 * A tool's result with the hooks' feedback beside it (`output` is left out when a PostToolUse
 * block replaces the result, as ZeroCode does).
 */
export interface HookFeedback {
  output?: unknown;
  hook: {
    event: "PostToolUse";
    decision: "block" | null;
    reason: string | null;
    additionalContext: string[];
  };
}

/** A result a hooked tool returns instead of its own: a denial, or the result with feedback. */
export type HookToolResult = HookDenial | HookFeedback;

/**
 * Whether a tool result came from the hooks (a denial or a result with feedback) rather than
 * from the tool itself.
 *
 * @example
 * ```ts
 * for (const part of result.toolResults) {
 *   if (isHookToolResult(part.output)) console.log(part.output.hook.reason);
 * }
 * ```
 */
export function isHookToolResult(value: unknown): value is HookToolResult {
  if (!isRecord(value) || !isRecord(value.hook)) return false;
  const { event, decision } = value.hook;
  return (
    (event === "PreToolUse" && decision === "deny") ||
    (event === "PostToolUse" && (decision === "block" || decision === null))
  );
}
