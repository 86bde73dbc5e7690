import { isRecord } from "../shared/is-record.js";
import { safeParseJson } from "../shared/safe-parse-json.js";
import { describeShimFormat } from "./describe-shim-format.js";
import { readCopilotPayload } from "./read-copilot-payload.js";
import { readGeminiToolResponse } from "./read-gemini-tool-response.js";
import { resolveCanonicalShimEvent } from "./shim-event-names.js";
import type { ShimFormatName } from "./shim-types.js";
import { translateToolNameToCanonical } from "./translate-shim-tool-name.js";

/** A host's payload in canonical (Claude Code) shape, or why it cannot be read. */
export type CanonicalPayload =
  | { ok: true; event: string; payload: Record<string, unknown>; problems: string[] }
  | { ok: false; error: string };

/** The fields every Cursor payload has, which the canonical payload names differently. */
const cursorBaseFields = [
  "conversation_id",
  "generation_id",
  "workspace_roots",
  "hook_event_name",
  "cursor_version",
  "user_email",
];

/**
 * Reads a host's event payload into the canonical (Claude Code) shape: the canonical event name,
 * `session_id`, `cwd`, `hook_event_name`, public tool names and Claude Code's tool input shapes.
 *
 * @example
 * ```ts
 * readHostPayload("cursor", "beforeShellExecution", { conversation_id: "c1", command: "ls", cwd: "/p" });
 * // { ok: true, event: "PreToolUse", payload: { session_id: "c1", cwd: "/p", tool_name: "Bash", tool_input: { command: "ls" }, … }, problems: [] }
 * ```
 */
export function readHostPayload(
  host: ShimFormatName,
  hostEvent: string,
  payload: Record<string, unknown>,
): CanonicalPayload {
  const event = resolveCanonicalShimEvent(host, hostEvent);
  if (event === null) {
    return { ok: false, error: `"${hostEvent}" is not a ${describeShimFormat(host)} hook event` };
  }
  if (host === "cursor") return readCursorPayload(hostEvent, event, payload);
  if (host === "copilot") return readCopilotPayload(hostEvent, event, payload);
  const canonical: Record<string, unknown> = { ...payload, hook_event_name: event };
  const problems: string[] = [];
  if (typeof payload.tool_name === "string") {
    canonical.tool_name = translateToolNameToCanonical(host, payload.tool_name);
    // VS Code's Local tools take their own input schemas (run_in_terminal's command matches Bash's).
    if (host === "vscode" && canonical.tool_name !== payload.tool_name) {
      problems.push(
        `tool_input keeps the schema of VS Code's ${payload.tool_name}, read as ${String(canonical.tool_name)}`,
      );
    }
  }
  if (host === "gemini") readGeminiFields(event, canonical, problems);
  if (host === "codex" || host === "zerocode") readCodexToolResponse(canonical, problems);
  return { ok: true, event, payload: canonical, problems };
}

// Codex 0.169 passes a shell call's tool_response as the text the model saw: stdout and stderr
// interleaved, no exit code. Claude Code's Bash hooks read {stdout, stderr, interrupted, isImage}.
function readCodexToolResponse(canonical: Record<string, unknown>, problems: string[]) {
  const response = canonical.tool_response;
  if (typeof response !== "string" || canonical.tool_name !== "Bash") return;
  canonical.tool_response = { stdout: response, stderr: "", interrupted: false, isImage: false };
  problems.push(
    "tool_response is Codex's output text (stdout and stderr together, no exit code); the hook sees it all as Bash's stdout",
  );
}

// Gemini CLI's AfterAgent reports the reply as `prompt_response`; Claude Code's Stop as
// `last_assistant_message`. Its SessionEnd and PreCompress name their trigger as Claude's do.
function readGeminiFields(event: string, canonical: Record<string, unknown>, problems: string[]) {
  if (event === "Stop") {
    if (typeof canonical.prompt_response === "string") {
      canonical.last_assistant_message = canonical.prompt_response;
    }
    if (typeof canonical.stop_hook_active !== "boolean") canonical.stop_hook_active = false;
  }
  if (event === "PostToolUse" && isRecord(canonical.tool_response)) {
    const read = readGeminiToolResponse(
      canonical.tool_name,
      canonical.tool_input,
      canonical.tool_response,
    );
    canonical.tool_response = read.response;
    problems.push(...read.problems);
  }
}

function readCursorPayload(
  hostEvent: string,
  event: string,
  payload: Record<string, unknown>,
): CanonicalPayload {
  const problems: string[] = [];
  const roots = Array.isArray(payload.workspace_roots) ? payload.workspace_roots : [];
  const root: unknown = roots[0];
  const canonical: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (!cursorBaseFields.includes(key)) canonical[key] = value;
  }
  canonical.session_id = typeof payload.conversation_id === "string" ? payload.conversation_id : "";
  if (typeof payload.cwd === "string") canonical.cwd = payload.cwd;
  else if (typeof root === "string") canonical.cwd = root;
  canonical.hook_event_name = event;
  const missing = (field: string) => ({
    ok: false as const,
    error: `Cursor's ${hostEvent} payload has no string "${field}"`,
  });
  switch (hostEvent) {
    case "beforeShellExecution":
    case "afterShellExecution": {
      if (typeof payload.command !== "string") return missing("command");
      delete canonical.command;
      delete canonical.output;
      delete canonical.duration;
      canonical.tool_name = "Bash";
      canonical.tool_input = { command: payload.command };
      if (hostEvent === "afterShellExecution") {
        const output = typeof payload.output === "string" ? payload.output : "";
        canonical.tool_response = { stdout: output, stderr: "", interrupted: false };
      }
      break;
    }
    case "beforeReadFile": {
      if (typeof payload.file_path !== "string") return missing("file_path");
      delete canonical.file_path;
      delete canonical.content;
      delete canonical.attachments;
      canonical.tool_name = "Read";
      canonical.tool_input = { file_path: payload.file_path };
      break;
    }
    case "afterFileEdit": {
      if (typeof payload.file_path !== "string") return missing("file_path");
      const edits = Array.isArray(payload.edits) ? payload.edits.filter(isRecord) : [];
      const first = edits[0];
      if (edits.length > 1) {
        problems.push(`afterFileEdit reported ${edits.length} edits; the hook sees the first`);
      }
      delete canonical.file_path;
      delete canonical.edits;
      canonical.tool_name = "Edit";
      canonical.tool_input = {
        file_path: payload.file_path,
        old_string: typeof first?.old_string === "string" ? first.old_string : "",
        new_string: typeof first?.new_string === "string" ? first.new_string : "",
      };
      canonical.tool_response = { filePath: payload.file_path, success: true };
      break;
    }
    case "beforeMCPExecution":
    case "afterMCPExecution": {
      if (typeof payload.tool_name !== "string") return missing("tool_name");
      canonical.tool_name = readCursorMcpName(payload.tool_name, problems);
      canonical.tool_input = readCursorToolInput(payload.tool_input);
      delete canonical.url;
      delete canonical.command;
      delete canonical.result_json;
      delete canonical.duration;
      if (hostEvent === "afterMCPExecution") canonical.tool_response = payload.result_json ?? null;
      break;
    }
    case "preToolUse":
    case "postToolUse":
    case "postToolUseFailure":
      if (typeof payload.tool_name !== "string") return missing("tool_name");
      canonical.tool_name = payload.tool_name.startsWith("MCP:")
        ? readCursorMcpName(payload.tool_name, problems)
        : translateToolNameToCanonical("cursor", payload.tool_name);
      canonical.tool_input = readCursorToolInput(payload.tool_input);
      if (payload.tool_output !== undefined) {
        canonical.tool_response = payload.tool_output;
        delete canonical.tool_output;
      }
      break;
    case "beforeSubmitPrompt":
      if (typeof payload.prompt !== "string") return missing("prompt");
      delete canonical.attachments;
      break;
    case "stop":
      canonical.stop_hook_active = typeof payload.loop_count === "number" && payload.loop_count > 0;
      delete canonical.loop_count;
      delete canonical.status;
      break;
  }
  return { ok: true, event, payload: canonical, problems };
}

// Cursor names an MCP tool without its server (`MCP:<tool>` in preToolUse, the bare name in
// beforeMCPExecution); some builds send `MCP:<server>:<tool>`.
function readCursorMcpName(name: string, problems: string[]): string {
  const match = /^MCP:(?:([^:]+):)?(.+)$/.exec(name);
  const server = match?.[1];
  const tool = match?.[2] ?? name;
  if (server !== undefined) return `mcp__${server}__${tool}`;
  problems.push(
    `Cursor named no MCP server for tool "${tool}"; the hook sees mcp__cursor__${tool}`,
  );
  return `mcp__cursor__${tool}`;
}

// Cursor passes MCP arguments as an object or as JSON text.
function readCursorToolInput(value: unknown): Record<string, unknown> {
  if (isRecord(value)) return value;
  if (typeof value !== "string") return {};
  const parsed = safeParseJson(value);
  return parsed.success && isRecord(parsed.value) ? parsed.value : {};
}
