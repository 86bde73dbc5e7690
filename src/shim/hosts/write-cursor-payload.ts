import { isRecord } from "../../shared/is-record.js";
import type { TranslatedPayload } from "../shim-types.js";
import type { ShimHost } from "./shim-host.js";

/** Canonical fields Cursor spells its own way, left out of a Cursor payload's event fields. */
const canonicalBaseFields = ["session_id", "cwd", "hook_event_name", "tool_name", "tool_input"];

/**
 * Writes a canonical (Claude Code) payload as Cursor's payload of `hookEvent`: `conversation_id`,
 * `workspace_roots`, a tool-specific event's own fields (`command`, `file_path`, `edits`), an MCP
 * tool's name without its `mcp__<server>__` prefix, Cursor's tool names; `ok: false` when the
 * call lacks a field the event needs.
 *
 * @example
 * ```ts
 * writeCursorPayload(cursorHost, "beforeShellExecution", { session_id: "s1", cwd: "/p", tool_name: "Bash", tool_input: { command: "ls" } });
 * // { ok: true, hookEvent: "beforeShellExecution", payload: { conversation_id: "s1", command: "ls", cwd: "/p", … }, problems: [] }
 * ```
 */
export function writeCursorPayload(
  host: Pick<ShimHost, "tools">,
  hookEvent: string,
  canonical: Record<string, unknown>,
): TranslatedPayload {
  const problems: string[] = [];
  const cwd = typeof canonical.cwd === "string" ? canonical.cwd : null;
  // Built from entries, so a field the host named `__proto__` stays a field.
  const payload: Record<string, unknown> = Object.fromEntries(
    Object.entries(canonical).filter(([key]) => !canonicalBaseFields.includes(key)),
  );
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
      payload.tool_name = host.tools.writeName(toolName);
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
