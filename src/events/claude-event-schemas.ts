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
  updatedInputField,
} from "./output-fields.js";

const common = defineInputFields(["session_id", "cwd"], ["transcript_path", "permission_mode"]);
const universal = pickTopLevelFields("continue", "stopReason", "systemMessage", "suppressOutput");
const tool = ["tool_name", "tool_input"] as const;

/**
 * The Claude Code events' inputs (what a hook reads on stdin) and outputs (the JSON it may
 * print, limited to the fields the event applies), as zod schemas.
 */
export const claudeEventSchemas = {
  SessionStart: {
    input: createInputSchema(
      "SessionStart",
      common,
      defineInputFields(["source"], ["model", "agent_type"]),
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
  UserPromptSubmit: {
    input: createInputSchema("UserPromptSubmit", common, defineInputFields(["prompt"])),
    output: z.strictObject({
      ...universal,
      ...blockDecisionFields,
      ...specificOutputFields("UserPromptSubmit", additionalContextField),
    }),
  },
  PreToolUse: {
    input: createInputSchema("PreToolUse", common, defineInputFields(tool, ["tool_use_id"])),
    output: z.strictObject({
      ...universal,
      ...legacyDecisionFields(["approve", "block"]),
      ...specificOutputFields("PreToolUse", {
        ...permissionFields(["allow", "deny", "ask"]),
        ...updatedInputField,
        ...additionalContextField,
      }),
    }),
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
  PostToolUse: {
    input: createInputSchema(
      "PostToolUse",
      common,
      defineInputFields([...tool, "tool_response"], ["tool_use_id"]),
    ),
    output: z.strictObject({
      ...universal,
      ...blockDecisionFields,
      ...specificOutputFields("PostToolUse", additionalContextField),
    }),
  },
  PostToolUseFailure: {
    input: createInputSchema(
      "PostToolUseFailure",
      common,
      defineInputFields(tool, ["tool_use_id", "error", "is_interrupt"]),
    ),
    output: z.strictObject({
      ...universal,
      ...specificOutputFields("PostToolUseFailure", additionalContextField),
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
  Stop: {
    input: createInputSchema(
      "Stop",
      common,
      defineInputFields(["stop_hook_active"], ["last_assistant_message"]),
    ),
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
        ["agent_transcript_path", "last_assistant_message"],
      ),
    ),
    output: z.strictObject({ ...universal, ...blockDecisionFields }),
  },
  PreCompact: {
    input: createInputSchema(
      "PreCompact",
      common,
      defineInputFields(["trigger"], ["custom_instructions"]),
    ),
    output: z.strictObject({ ...universal, ...blockDecisionFields }),
  },
  PostCompact: {
    input: createInputSchema(
      "PostCompact",
      common,
      defineInputFields(["trigger"], ["compact_summary"]),
    ),
    output: z.strictObject(universal),
  },
} as const;
