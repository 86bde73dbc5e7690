import { readOwn } from "../../shared/read-own.js";
import type { TranslatedPayload } from "../shim-types.js";
import type { ShimHost } from "./shim-host.js";

/** Canonical (Claude Code) fields whose Copilot CLI camelCase name is not their camelCase. */
const renamedFields: Readonly<Record<string, string>> = {
  tool_input: "toolArgs",
  tool_response: "toolResult",
  agent_type: "agentName",
};

/** Canonical fields Copilot CLI's camelCase payloads do not carry. */
const droppedFields = ["hook_event_name", "stop_hook_active", "permission_mode", "tool_use_id"];

/**
 * Writes a canonical (Claude Code) payload as Copilot CLI's camelCase payload for a hook
 * configured under the camelCase event name (docs.github.com, "GitHub Copilot CLI hooks
 * reference", 2026): `sessionId`, `timestamp` (milliseconds), `cwd`, `toolName` (Copilot's tool
 * names), `toolArgs`, `toolResult` (`{resultType, textResultForLlm}`), `transcriptPath`, `agentName`.
 *
 * @example
 * ```ts
 * writeCopilotPayload(copilotHost, "preToolUse", { session_id: "s1", cwd: "/p", tool_name: "Bash", tool_input: { command: "ls" } });
 * // { ok: true, hookEvent: "preToolUse", payload: { sessionId: "s1", cwd: "/p", toolName: "bash", toolArgs: { command: "ls" }, timestamp: … }, problems: [] }
 * ```
 */
export function writeCopilotPayload(
  host: Pick<ShimHost, "tools">,
  hookEvent: string,
  canonical: Record<string, unknown>,
): TranslatedPayload {
  const problems: string[] = [];
  // Built from entries, so a field the host named `__proto__` stays a field.
  const payload: Record<string, unknown> = Object.fromEntries(
    Object.entries(canonical)
      .filter(([key]) => !droppedFields.includes(key))
      .map(([key, value]) => [readOwn(renamedFields, key) ?? toCamelCase(key), value]),
  );
  // The notification payload names its event as the VS Code compatible payloads do.
  if (hookEvent === "notification") payload.hook_event_name = "Notification";
  if (typeof payload.timestamp !== "number") payload.timestamp = Date.now();
  if (typeof payload.toolName === "string") {
    payload.toolName = host.tools.writeName(payload.toolName);
  }
  if (payload.toolResult !== undefined) {
    const result = payload.toolResult;
    payload.toolResult = {
      resultType: "success",
      textResultForLlm: typeof result === "string" ? result : JSON.stringify(result),
    };
  }
  if (hookEvent === "agentStop" || hookEvent === "subagentStop") {
    if (typeof payload.stopReason !== "string") payload.stopReason = "end_turn";
    if (typeof payload.lastAssistantMessage === "string") {
      problems.push(
        "Copilot CLI's stop payload has no reply text; last_assistant_message is dropped",
      );
      delete payload.lastAssistantMessage;
    }
  }
  return { ok: true, hookEvent, payload, problems };
}

function toCamelCase(key: string): string {
  return key.replaceAll(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}
