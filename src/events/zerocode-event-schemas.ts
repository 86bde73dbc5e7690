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

// transcript_path is always there: the engine fills it with null when the host has none.
const common = defineInputFields(["session_id", "cwd", "transcript_path"], ["model"]);
const universal = pickTopLevelFields("continue", "stopReason", "systemMessage", "suppressOutput");
// Events whose output never steers the session: continue and stopReason are parsed, not applied.
const advisory = pickTopLevelFields("systemMessage", "suppressOutput");
const tool = ["tool_name", "tool_input"] as const;
const turn = ["turn_id", "permission_mode"] as const;

/**
 * The ZeroCode events' inputs (what a hook reads on stdin) and outputs (the JSON it may print,
 * limited to the fields the event applies: ZeroCode fails a run that returns any other).
 */
export const zerocodeEventSchemas = {
  SessionStart: {
    input: createInputSchema(
      "SessionStart",
      common,
      defineInputFields(["source"], ["permission_mode"]),
    ),
    output: z.strictObject({
      ...universal,
      ...specificOutputFields("SessionStart", additionalContextField),
    }),
  },
  SessionEnd: {
    input: createInputSchema("SessionEnd", common, defineInputFields(["reason"])),
    output: z.strictObject(advisory),
  },
  SubagentStart: {
    input: createInputSchema(
      "SubagentStart",
      common,
      defineInputFields(["agent_id", "agent_type"], turn),
    ),
    output: z.strictObject({
      ...advisory,
      ...specificOutputFields("SubagentStart", additionalContextField),
    }),
  },
  PreToolUse: {
    input: createInputSchema(
      "PreToolUse",
      common,
      defineInputFields(tool, [...turn, "tool_use_id"]),
    ),
    output: z.strictObject({
      ...pickTopLevelFields("systemMessage"),
      ...legacyDecisionFields(["block"]),
      ...specificOutputFields("PreToolUse", {
        ...permissionFields(["allow", "deny"]),
        ...additionalContextField,
        ...updatedInputField,
      }),
    }),
  },
  PermissionRequest: {
    input: createInputSchema("PermissionRequest", common, defineInputFields(tool, turn)),
    output: z.strictObject({
      ...pickTopLevelFields("systemMessage"),
      ...specificOutputFields("PermissionRequest", permissionRequestFields),
    }),
  },
  PostToolUse: {
    input: createInputSchema(
      "PostToolUse",
      common,
      defineInputFields([...tool, "tool_response"], [...turn, "tool_use_id"]),
    ),
    output: z.strictObject({
      ...pickTopLevelFields("continue", "stopReason", "systemMessage"),
      ...blockDecisionFields,
      ...specificOutputFields("PostToolUse", additionalContextField),
    }),
  },
  PreCompact: {
    input: createInputSchema("PreCompact", common, defineInputFields(["trigger"], ["turn_id"])),
    output: z.strictObject(universal),
  },
  PostCompact: {
    input: createInputSchema("PostCompact", common, defineInputFields(["trigger"], ["turn_id"])),
    output: z.strictObject(universal),
  },
  UserPromptSubmit: {
    input: createInputSchema("UserPromptSubmit", common, defineInputFields(["prompt"], turn)),
    output: z.strictObject({
      ...universal,
      ...blockDecisionFields,
      ...specificOutputFields("UserPromptSubmit", additionalContextField),
    }),
  },
  SubagentStop: {
    input: createInputSchema(
      "SubagentStop",
      common,
      defineInputFields(
        ["agent_id", "agent_type", "stop_hook_active"],
        [...turn, "agent_transcript_path", "last_assistant_message"],
      ),
    ),
    output: z.strictObject({ ...universal, ...blockDecisionFields }),
  },
  Stop: {
    input: createInputSchema(
      "Stop",
      common,
      defineInputFields(["stop_hook_active"], [...turn, "last_assistant_message"]),
    ),
    output: z.strictObject({ ...universal, ...blockDecisionFields }),
  },
} as const;
