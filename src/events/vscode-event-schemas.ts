import { z } from "zod";
import { createInputSchema, defineInputFields } from "./input-fields.js";
import {
  additionalContextField,
  blockDecisionFields,
  legacyDecisionFields,
  permissionFields,
  pickTopLevelFields,
  specificOutputFields,
  updatedInputField,
} from "./output-fields.js";

// transcript_path and timestamp are always there: the engine fills them when the host does not.
const common = defineInputFields(["session_id", "cwd", "transcript_path", "timestamp"]);
const universal = pickTopLevelFields("continue", "stopReason", "systemMessage");
const tool = ["tool_name", "tool_input"] as const;

/**
 * The VS Code (Local harness) events' inputs (what a hook reads on stdin) and outputs (the JSON
 * it may print, limited to the fields the event applies), as zod schemas.
 */
export const vscodeEventSchemas = {
  PreToolUse: {
    input: createInputSchema("PreToolUse", common, defineInputFields(tool, ["tool_use_id"])),
    output: z.strictObject({
      ...universal,
      ...legacyDecisionFields(["block"]),
      ...specificOutputFields("PreToolUse", {
        ...permissionFields(["allow", "deny", "ask"]),
        ...additionalContextField,
        ...updatedInputField,
      }),
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
  UserPromptSubmit: {
    input: createInputSchema("UserPromptSubmit", common, defineInputFields(["prompt"])),
    output: z.strictObject({ ...universal, ...blockDecisionFields }),
  },
  SessionStart: {
    input: createInputSchema("SessionStart", common, defineInputFields(["source"])),
    output: z.strictObject({
      ...universal,
      ...specificOutputFields("SessionStart", additionalContextField),
    }),
  },
  // The block lives inside hookSpecificOutput.
  Stop: {
    input: createInputSchema("Stop", common, defineInputFields(["stop_hook_active"])),
    output: z.strictObject({
      ...universal,
      ...specificOutputFields("Stop", blockDecisionFields),
    }),
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
      defineInputFields(["agent_id", "agent_type", "stop_hook_active"]),
    ),
    output: z.strictObject({ ...universal, ...blockDecisionFields }),
  },
  PreCompact: {
    input: createInputSchema("PreCompact", common, defineInputFields(["trigger"])),
    output: z.strictObject(universal),
  },
} as const;
