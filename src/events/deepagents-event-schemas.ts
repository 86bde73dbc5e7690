import { z } from "zod";
import { createInputSchema, defineInputFields } from "./input-fields.js";
import {
  additionalContextField,
  blockDecisionFields,
  legacyDecisionFields,
  permissionFields,
  permissionRequestFields,
  pickTopLevelFields,
  specificOutputFields,
} from "./output-fields.js";

const common = defineInputFields(
  ["session_id", "cwd"],
  ["transcript_path", "prompt_id", "permission_mode", "effort"],
);
const universal = pickTopLevelFields("continue", "stopReason", "systemMessage", "suppressOutput");
const tool = ["tool_name", "tool_input"] as const;
const stopExtras = ["last_assistant_message", "background_tasks", "session_crons"] as const;

/**
 * The Deep Agents Code events' inputs (what a hook reads on stdin) and outputs (the JSON it may
 * print, limited to the fields the event applies), as zod schemas.
 */
export const deepagentsEventSchemas = {
  SessionStart: {
    input: createInputSchema(
      "SessionStart",
      common,
      defineInputFields(["source"], ["model", "agent_type", "session_title"]),
    ),
    output: z.strictObject({
      ...universal,
      ...specificOutputFields("SessionStart", additionalContextField),
    }),
  },
  SessionEnd: {
    input: createInputSchema("SessionEnd", common, defineInputFields(["reason"])),
    output: z.strictObject(universal),
  },
  PermissionRequest: {
    input: createInputSchema(
      "PermissionRequest",
      common,
      defineInputFields(tool, ["permission_suggestions"]),
    ),
    output: z.strictObject({
      ...universal,
      ...specificOutputFields("PermissionRequest", permissionRequestFields),
    }),
  },
  Notification: {
    input: createInputSchema(
      "Notification",
      common,
      defineInputFields(["message", "notification_type"], ["title"]),
    ),
    output: z.strictObject(universal),
  },
  PreToolUse: {
    input: createInputSchema("PreToolUse", common, defineInputFields(tool, ["tool_use_id"])),
    output: z.strictObject({
      ...universal,
      ...legacyDecisionFields(["approve", "block"]),
      ...specificOutputFields("PreToolUse", {
        ...permissionFields(["allow", "deny", "ask"]),
        ...additionalContextField,
      }),
    }),
  },
  PostToolUse: {
    input: createInputSchema(
      "PostToolUse",
      common,
      defineInputFields([...tool, "tool_response"], ["tool_use_id", "duration_ms"]),
    ),
    output: z.strictObject({
      ...universal,
      ...specificOutputFields("PostToolUse", additionalContextField),
    }),
  },
  Stop: {
    input: createInputSchema("Stop", common, defineInputFields(["stop_hook_active"], stopExtras)),
    output: z.strictObject({ ...universal, ...blockDecisionFields }),
  },
  SubagentStart: {
    input: createInputSchema(
      "SubagentStart",
      common,
      defineInputFields(["agent_id", "agent_type"]),
    ),
    output: z.strictObject({
      ...universal,
      ...specificOutputFields("SubagentStart", additionalContextField),
    }),
  },
  SubagentStop: {
    input: createInputSchema(
      "SubagentStop",
      common,
      defineInputFields(
        ["stop_hook_active", "agent_id", "agent_type"],
        ["agent_transcript_path", ...stopExtras],
      ),
    ),
    output: z.strictObject({
      ...universal,
      ...specificOutputFields("SubagentStop", additionalContextField),
    }),
  },
} as const;
