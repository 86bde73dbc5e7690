import { isRecord } from "../shared/is-record.js";
import { describeShimFormat } from "./describe-shim-format.js";
import { resolveNativeShimEvent } from "./shim-event-names.js";
import type { ShimFormatName, TranslatedPayload } from "./shim-types.js";
import { translateToolNameFromCanonical } from "./translate-shim-tool-name.js";
import { writeCopilotPayload } from "./write-copilot-payload.js";

/** Canonical fields Cursor spells its own way, left out of a Cursor payload's event fields. */
const canonicalBaseFields = ["session_id", "cwd", "hook_event_name", "tool_name", "tool_input"];

/**
 * Writes a canonical (Claude Code) payload in a hook's protocol: the event as the hook's agent
 * names it, its field names, tool names and input shapes; `ok: false` when the protocol has no
 * counterpart of the event.
 *
 * @example
 * ```ts
 * writeHookPayload("gemini", "PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } });
 * // { ok: true, hookEvent: "BeforeTool", payload: { tool_name: "run_shell_command", … }, problems: [] }
 * ```
 */
export function writeHookPayload(
  hook: ShimFormatName,
  event: string,
  canonical: Record<string, unknown>,
): TranslatedPayload {
  const toolName = typeof canonical.tool_name === "string" ? canonical.tool_name : null;
  const hookEvent = resolveNativeShimEvent(hook, event, toolName);
  if (hookEvent === null) {
    return {
      ok: false,
      error: `${describeShimFormat(hook)} has no counterpart of the ${event} event`,
    };
  }
  if (hook === "cursor") return writeCursorPayload(hookEvent, canonical);
  if (hook === "copilot") return writeCopilotPayload(hookEvent, canonical);
  const payload: Record<string, unknown> = { ...canonical, hook_event_name: hookEvent };
  const problems: string[] = [];
  if (toolName !== null) {
    payload.tool_name = translateToolNameFromCanonical(hook, toolName);
    if (hook === "vscode" && payload.tool_name !== toolName) {
      problems.push(
        `tool_input keeps the shape of ${toolName}, which VS Code's ${String(payload.tool_name)} may not share`,
      );
    }
  }
  if (hook === "gemini") writeGeminiFields(event, payload, problems);
  if (hook === "vscode") writeVscodeFields(payload);
  if (hook === "zerocode") writeTranscriptPath(payload);
  return { ok: true, hookEvent, payload, problems };
}

function writeGeminiFields(event: string, payload: Record<string, unknown>, problems: string[]) {
  if (typeof payload.timestamp !== "string") payload.timestamp = new Date().toISOString();
  if (event === "Stop") {
    payload.prompt_response =
      typeof payload.last_assistant_message === "string" ? payload.last_assistant_message : "";
    if (typeof payload.prompt !== "string") {
      payload.prompt = "";
      problems.push("the turn's prompt is not known; AfterAgent's prompt is empty");
    }
  }
}

// VS Code's Local payloads always carry transcript_path and an ISO timestamp (its profile's
// commonPayload).
function writeVscodeFields(payload: Record<string, unknown>) {
  if (typeof payload.timestamp !== "string") payload.timestamp = new Date().toISOString();
  writeTranscriptPath(payload);
}

// ZeroCode's and VS Code's payloads carry transcript_path, null when there is none.
function writeTranscriptPath(payload: Record<string, unknown>) {
  if (payload.transcript_path === undefined) payload.transcript_path = null;
}

function writeCursorPayload(
  hookEvent: string,
  canonical: Record<string, unknown>,
): TranslatedPayload {
  const problems: string[] = [];
  const cwd = typeof canonical.cwd === "string" ? canonical.cwd : null;
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(canonical)) {
    if (!canonicalBaseFields.includes(key)) payload[key] = value;
  }
  payload.conversation_id = typeof canonical.session_id === "string" ? canonical.session_id : "";
  payload.generation_id = "";
  payload.hook_event_name = hookEvent;
  payload.workspace_roots = cwd === null ? [] : [cwd];
  const input = isRecord(canonical.tool_input) ? canonical.tool_input : {};
  const toolName = typeof canonical.tool_name === "string" ? canonical.tool_name : "";
  const response = canonical.tool_response;
  delete payload.tool_response;
  const missing = (field: string): TranslatedPayload => ({
    ok: false,
    error: `the ${toolName} call has no string tool_input.${field} for Cursor's ${hookEvent}`,
  });
  switch (hookEvent) {
    case "beforeShellExecution":
    case "afterShellExecution":
      if (typeof input.command !== "string") return missing("command");
      payload.command = input.command;
      payload.cwd = cwd ?? "";
      if (hookEvent === "afterShellExecution") payload.output = readShellOutput(response);
      break;
    case "beforeReadFile":
      if (typeof input.file_path !== "string") return missing("file_path");
      payload.file_path = input.file_path;
      payload.content = "";
      payload.attachments = [];
      problems.push(
        "the file's content is not known before the read; beforeReadFile's content is empty",
      );
      break;
    case "afterFileEdit": {
      if (typeof input.file_path !== "string") return missing("file_path");
      payload.file_path = input.file_path;
      const oldString = typeof input.old_string === "string" ? input.old_string : "";
      const newString =
        typeof input.new_string === "string"
          ? input.new_string
          : typeof input.content === "string"
            ? input.content
            : "";
      payload.edits = [{ old_string: oldString, new_string: newString }];
      break;
    }
    case "beforeMCPExecution":
    case "afterMCPExecution": {
      // Cursor gives an MCP tool's name without the mcp__<server>__ prefix.
      const [, , tool] = /^mcp__(.+?)__(.+)$/.exec(toolName) ?? [];
      payload.tool_name = tool ?? toolName;
      payload.tool_input = JSON.stringify(input);
      if (hookEvent === "afterMCPExecution") payload.result_json = JSON.stringify(response ?? null);
      break;
    }
    case "preToolUse":
    case "postToolUse":
    case "postToolUseFailure":
      payload.tool_name = translateToolNameFromCanonical("cursor", toolName);
      payload.tool_input = input;
      if (response !== undefined) payload.tool_output = response;
      break;
    case "beforeSubmitPrompt":
      payload.attachments = [];
      break;
    case "stop":
      payload.status = "completed";
      payload.loop_count = canonical.stop_hook_active === true ? 1 : 0;
      delete payload.stop_hook_active;
      break;
  }
  return { ok: true, hookEvent, payload, problems };
}

function readShellOutput(response: unknown): string {
  if (typeof response === "string") return response;
  if (isRecord(response) && typeof response.stdout === "string") return response.stdout;
  return "";
}
