import { isRecord } from "../../shared/is-record.js";
import { readOwn } from "../../shared/read-own.js";
import { safeParseJson } from "../../shared/safe-parse-json.js";
import { isSnakeCaseCopilotEvent } from "./copilot-events.js";
import { type CanonicalPayload, readCanonicalToolName, type ShimHost } from "./shim-host.js";

/** Copilot CLI's camelCase payload fields whose canonical (Claude Code) name is not their snake_case. */
const renamedFields: Readonly<Record<string, string>> = {
  toolArgs: "tool_input",
  toolResult: "tool_response",
  agentName: "agent_type",
};

/**
 * Reads a Copilot CLI payload into the canonical (Claude Code) shape: camelCase fields
 * (`sessionId`, `toolName`, `toolArgs`, `toolResult`, `transcriptPath`, `agentName`) become
 * Claude Code's, or, for an event configured under its PascalCase name, the snake_case payload
 * is kept (docs.github.com, "GitHub Copilot CLI hooks reference", 2026); tool names become public
 * names, and `toolArgs` sent as JSON text is parsed.
 *
 * @example
 * ```ts
 * readCopilotPayload(copilotHost, "preToolUse", "PreToolUse", { sessionId: "s1", cwd: "/p", toolName: "bash", toolArgs: { command: "ls" } });
 * // { ok: true, event: "PreToolUse", payload: { session_id: "s1", cwd: "/p", tool_name: "Bash", tool_input: { command: "ls" }, … }, problems: [] }
 * ```
 */
export function readCopilotPayload(
  host: Pick<ShimHost, "events" | "tools">,
  hostEvent: string,
  event: string,
  payload: Record<string, unknown>,
): CanonicalPayload {
  const problems: string[] = [];
  const snakeCase = isSnakeCaseCopilotEvent(host, hostEvent);
  // Built from entries, so a field the host names `__proto__` stays a field.
  const canonical: Record<string, unknown> = Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      snakeCase ? key : (readOwn(renamedFields, key) ?? toSnakeCase(key)),
      value,
    ]),
  );
  if (snakeCase && canonical.tool_result !== undefined) {
    canonical.tool_response = canonical.tool_result;
    delete canonical.tool_result;
  }
  canonical.hook_event_name = event;
  if (typeof canonical.session_id !== "string") canonical.session_id = "";
  if (typeof canonical.tool_name === "string") {
    canonical.tool_name = readCanonicalToolName(host, canonical.tool_name);
  }
  if (typeof canonical.tool_input === "string") {
    const parsed = safeParseJson(canonical.tool_input);
    if (parsed.success && isRecord(parsed.value)) canonical.tool_input = parsed.value;
    else problems.push("Copilot CLI's tool arguments are not a JSON object; the hook sees {}");
  }
  if (canonical.tool_name !== undefined && !isRecord(canonical.tool_input)) {
    canonical.tool_input = {};
  }
  if (isRecord(canonical.tool_response)) {
    problems.push("tool_response keeps Copilot CLI's shape ({resultType, textResultForLlm})");
  }
  if (event === "Stop" || event === "SubagentStop") {
    // Copilot CLI does not say whether this stop follows a hook's block.
    if (typeof canonical.stop_hook_active !== "boolean") canonical.stop_hook_active = false;
  }
  return { ok: true, event, payload: canonical, problems };
}

function toSnakeCase(key: string): string {
  return key.replaceAll(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}
