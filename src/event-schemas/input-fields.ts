import { z } from "zod";

// One schema per payload field name, shared by every profile that sends the field. Loose where
// the systems differ (`source`, `permission_mode` take different values per system).
const fieldSchemas = {
  session_id: z.string(),
  cwd: z.string(),
  transcript_path: z.string().nullable(),
  permission_mode: z.string(),
  prompt_id: z.string(),
  effort: z.looseObject({ level: z.string() }),
  model: z.string(),
  timestamp: z.string(),
  turn_id: z.string(),
  tool_name: z.string(),
  tool_input: z.record(z.string(), z.unknown()),
  tool_use_id: z.string(),
  tool_response: z.unknown(),
  duration_ms: z.number(),
  error: z.string(),
  is_interrupt: z.boolean(),
  permission_suggestions: z.array(z.unknown()),
  prompt: z.string(),
  source: z.string(),
  session_title: z.string(),
  reason: z.string(),
  message: z.string(),
  title: z.string(),
  notification_type: z.string(),
  stop_hook_active: z.boolean(),
  last_assistant_message: z.string().nullable(),
  background_tasks: z.array(z.unknown()),
  session_crons: z.array(z.unknown()),
  agent_id: z.string(),
  agent_type: z.string(),
  agent_transcript_path: z.string().nullable(),
  trigger: z.string(),
  custom_instructions: z.string().nullable(),
  compact_summary: z.string(),
  command_name: z.string(),
  command_args: z.string(),
  command_source: z.string(),
  expansion_type: z.string(),
  tool_calls: z.array(z.unknown()),
  task_id: z.string(),
  task_subject: z.string(),
  task_description: z.string(),
  teammate_name: z.string(),
  team_name: z.string(),
  error_details: z.string(),
  file_path: z.string(),
  memory_type: z.string(),
  load_reason: z.string(),
  globs: z.array(z.string()),
  trigger_file_path: z.string(),
  parent_file_path: z.string(),
  old_cwd: z.string(),
  new_cwd: z.string(),
  directory: z.string(),
  event: z.string(),
  name: z.string(),
  worktree_path: z.string(),
  mcp_server_name: z.string(),
  mode: z.string(),
  url: z.string(),
  elicitation_id: z.string(),
  requested_schema: z.record(z.string(), z.unknown()),
  action: z.string(),
  content: z.record(z.string(), z.unknown()),
  mcp_context: z.record(z.string(), z.unknown()),
  original_request_name: z.string(),
  prompt_response: z.string(),
  llm_request: z.record(z.string(), z.unknown()),
  llm_response: z.record(z.string(), z.unknown()),
  details: z.record(z.string(), z.unknown()),
  // Cursor (cursor.com/docs/agent/hooks).
  conversation_id: z.string(),
  generation_id: z.string(),
  workspace_roots: z.array(z.string()),
  cursor_version: z.string(),
  user_email: z.string(),
  is_background_agent: z.boolean(),
  composer_mode: z.string(),
  attachments: z.array(z.unknown()),
  command: z.string(),
  output: z.string(),
  duration: z.number(),
  result_json: z.unknown(),
  tool_output: z.unknown(),
  edits: z.array(z.unknown()),
  status: z.string(),
  loop_count: z.number(),
  text: z.string(),
  // Copilot CLI (docs.github.com, Copilot hooks reference): camelCase payloads.
  sessionId: z.string(),
  transcriptPath: z.string(),
  initialPrompt: z.string(),
  toolName: z.string(),
  toolArgs: z.unknown(),
  toolResult: z.unknown(),
  agentName: z.string(),
} as const;

type FieldSchemas = typeof fieldSchemas;

/** The name of a payload field with a known schema. */
export type InputFieldName = keyof FieldSchemas;

/** Payload fields split into those every host sends and those sent when available. */
export interface InputFields<
  R extends readonly InputFieldName[] = readonly InputFieldName[],
  O extends readonly InputFieldName[] = readonly InputFieldName[],
> {
  required: R;
  optional: O;
}

/** The zod shape of a set of payload fields, optional ones wrapped in `.optional()`. */
export type InputShape<F extends InputFields> = {
  [K in F["required"][number]]: FieldSchemas[K];
} & {
  [K in F["optional"][number]]: z.ZodOptional<FieldSchemas[K]>;
};

/** Builds the zod shape of a set of payload fields: the required ones, then the optional ones. */
export function createInputShape<F extends InputFields>(fields: F): InputShape<F> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of fields.required) shape[name] = fieldSchemas[name];
  for (const name of fields.optional) shape[name] = fieldSchemas[name].optional();
  return shape as InputShape<F>;
}
