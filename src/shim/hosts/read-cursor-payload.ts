import { claudeProfile } from "../../profiles/claude.js";
import { cursorProfile } from "../../profiles/cursor.js";
import type { EventSpec, PayloadFields } from "../../profiles/profile.js";
import { isRecord } from "../../shared/is-record.js";
import { readOwn } from "../../shared/read-own.js";
import { safeParseJson } from "../../shared/safe-parse-json.js";
import { cursorShimEvents } from "./cursor-shim-events.js";
import { type CanonicalPayload, readCanonicalToolName, type ShimHost } from "./shim-host.js";

// Claude Code's payload fields: a Cursor common field of the same name (`model`) is kept.
const claudeFields = new Set(
  [
    claudeProfile.commonPayload,
    ...Object.values(claudeProfile.events).map(readPayloadFields),
  ].flatMap((fields) => (fields === undefined ? [] : [...fields.required, ...fields.optional])),
);

/**
 * The fields every Cursor payload has (the cursor profile's `commonPayload`) that Claude Code's
 * payload does not: `conversation_id` is read as `session_id`, the others are left out.
 */
const cursorBaseFields: readonly string[] = [
  ...cursorProfile.commonPayload.required,
  ...cursorProfile.commonPayload.optional,
].filter((field) => !claudeFields.has(field));

// The own fields of Cursor's shell events and of its MCP events, before and after the call.
const shellFields = ["command", "output", "duration"];
const mcpFields = ["url", "command", "result_json", "duration"];

/**
 * Each Cursor event's own fields that its canonical payload leaves out: those read into its tool
 * call (`command` as `tool_input.command`) or into a field of Claude Code's (`loop_count`), and
 * those Claude Code's payload has no place for (`attachments`, `content`).
 */
const eventOwnFields: Readonly<Record<string, readonly string[]>> = {
  beforeShellExecution: shellFields,
  afterShellExecution: shellFields,
  beforeReadFile: ["file_path", "content", "attachments"],
  afterFileEdit: ["file_path", "edits"],
  beforeMCPExecution: mcpFields,
  afterMCPExecution: mcpFields,
  preToolUse: ["tool_output"],
  postToolUse: ["tool_output"],
  postToolUseFailure: ["tool_output"],
  beforeSubmitPrompt: ["attachments"],
  stop: ["loop_count", "status"],
};

function readPayloadFields(spec: EventSpec): PayloadFields | undefined {
  return spec.payload;
}

/**
 * Reads a Cursor payload into the canonical (Claude Code) shape: `conversation_id` as
 * `session_id`, the first workspace root as `cwd` where it has none, a tool-specific event's
 * fields as its tool's call (`beforeShellExecution`'s `command` as Bash's `tool_input`), MCP tools
 * as `mcp__<server>__<tool>`, and Cursor's tool names as canonical ones.
 *
 * @example
 * ```ts
 * readCursorPayload(cursorHost, "beforeShellExecution", "PreToolUse", { conversation_id: "c1", command: "ls", cwd: "/p" });
 * // { ok: true, event: "PreToolUse", payload: { session_id: "c1", cwd: "/p", tool_name: "Bash", tool_input: { command: "ls" }, … }, problems: [] }
 * ```
 */
export function readCursorPayload(
  host: Pick<ShimHost, "tools">,
  hostEvent: string,
  event: string,
  payload: Record<string, unknown>,
): CanonicalPayload {
  const roots = Array.isArray(payload.workspace_roots) ? payload.workspace_roots : [];
  const root: unknown = roots[0];
  const problems: string[] = [];
  const ownFields = Object.hasOwn(eventOwnFields, hostEvent)
    ? (eventOwnFields[hostEvent] ?? [])
    : [];
  // Built from entries, so a field the host names `__proto__` stays a field.
  const canonical: Record<string, unknown> = Object.fromEntries(
    Object.entries(payload).filter(
      ([key]) => !cursorBaseFields.includes(key) && !ownFields.includes(key),
    ),
  );
  canonical.session_id = typeof payload.conversation_id === "string" ? payload.conversation_id : "";
  if (typeof payload.cwd === "string") canonical.cwd = payload.cwd;
  else if (typeof root === "string") canonical.cwd = root;
  canonical.hook_event_name = event;
  // The tool a tool-specific event stands for, by its profile row: the first of its `tools`
  // (afterFileEdit's Edit and Write read as Edit: Cursor's payload does not say which ran).
  const eventTool = readOwn(cursorShimEvents, hostEvent)?.toolNames[0] ?? "";
  const missing = (field: string) => ({
    ok: false as const,
    error: `Cursor's ${hostEvent} payload has no string "${field}"`,
  });
  switch (hostEvent) {
    case "beforeShellExecution":
    case "afterShellExecution": {
      if (typeof payload.command !== "string") return missing("command");
      canonical.tool_name = eventTool;
      canonical.tool_input = { command: payload.command };
      if (hostEvent === "afterShellExecution") {
        const output = typeof payload.output === "string" ? payload.output : "";
        canonical.tool_response = { stdout: output, stderr: "", interrupted: false };
      }
      break;
    }
    case "beforeReadFile": {
      if (typeof payload.file_path !== "string") return missing("file_path");
      canonical.tool_name = eventTool;
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
      canonical.tool_name = eventTool;
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
      if (hostEvent === "afterMCPExecution") canonical.tool_response = payload.result_json ?? null;
      break;
    }
    case "preToolUse":
    case "postToolUse":
    case "postToolUseFailure":
      if (typeof payload.tool_name !== "string") return missing("tool_name");
      canonical.tool_name = payload.tool_name.startsWith("MCP:")
        ? readCursorMcpName(payload.tool_name, problems)
        : readCanonicalToolName(host, payload.tool_name);
      canonical.tool_input = readCursorToolInput(payload.tool_input);
      if (payload.tool_output !== undefined) canonical.tool_response = payload.tool_output;
      break;
    case "beforeSubmitPrompt":
      if (typeof payload.prompt !== "string") return missing("prompt");
      break;
    case "stop":
      canonical.stop_hook_active = typeof payload.loop_count === "number" && payload.loop_count > 0;
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
