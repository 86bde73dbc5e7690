import { defineProfile } from "./define-profile.js";
import { blockingEvent, observerEvent, permissionEvent } from "./event-presets.js";
import type { EventSpec, FieldRules, OutputFieldMapping } from "./profile.js";

// Facts: cursor.com/docs/agent/hooks (the page as of Cursor 2.0, and its 2026 revision for Cursor
// 2.x that adds preToolUse, postToolUse, postToolUseFailure, subagentStart/Stop, sessionStart/End
// and preCompact); where only secondary sources were found, the row says so.

const noFields = { supported: [], notApplied: [] } as const satisfies FieldRules;

/** `user_message` is shown in the client: the engine's `systemMessage`. */
const userMessage = { supported: ["systemMessage"], notApplied: [] } as const satisfies FieldRules;

/**
 * A permission event's output: `permission` allow / deny / ask, `agent_message` (sent to the
 * agent: the reason) and `user_message` (shown in the client).
 */
const permissionOutput = [
  { from: "permission", to: "hookSpecificOutput.permissionDecision" },
  { from: "agent_message", to: "hookSpecificOutput.permissionDecisionReason" },
  { from: "user_message", to: "systemMessage" },
] as const satisfies readonly OutputFieldMapping[];

/** `additional_context` is context for the model. */
const contextOutput = [
  { from: "additional_context", to: "hookSpecificOutput.additionalContext" },
] as const satisfies readonly OutputFieldMapping[];

/** A `before…` event answered by `permission`; exit 2 denies, any other failing exit fails open. */
const permission = {
  ...permissionEvent,
  // A top-level `decision` is not how this agent answers: recognized, not applied.
  legacyDecisions: { approve: "unsupported", block: "unsupported" },
  honorsContinue: false,
  topLevelFields: userMessage,
  specificFields: {
    supported: ["permissionDecision", "permissionDecisionReason"],
    notApplied: [],
  },
  outputFields: permissionOutput,
} as const;

/** A file-read gate: `permission` allow / deny only, no messages (docs: "Output: permission"). */
const readGate = {
  ...permissionEvent,
  // A top-level `decision` is not how this agent answers: recognized, not applied.
  legacyDecisions: { approve: "unsupported", block: "unsupported" },
  honorsContinue: false,
  matchField: null,
  topLevelFields: noFields,
  specificFields: { supported: ["permissionDecision"], notApplied: [] },
  permissionDecisions: { allow: "apply", deny: "apply", ask: "unsupported" },
  outputFields: [{ from: "permission", to: "hookSpecificOutput.permissionDecision" }],
} as const;

/** An event that observes: its output changes nothing and exit 2 blocks nothing. */
const observer = {
  ...observerEvent,
  honorsContinue: false,
  topLevelFields: noFields,
  matchField: null,
} as const;

const events = {
  sessionStart: {
    ...observer,
    canonical: "SessionStart",
    specificFields: { supported: ["additionalContext"], notApplied: [] },
    outputFields: contextOutput,
    // [secondary] cursor-hooks 1.1.6 types; Cursor also reads an `env` reply, which no engine field holds.
    payload: { required: [], optional: ["is_background_agent", "composer_mode"] },
  },
  sessionEnd: {
    ...observer,
    canonical: "SessionEnd",
    payload: { required: [], optional: ["reason"] },
  },
  beforeSubmitPrompt: {
    // `continue: false` refuses the prompt, `user_message` says why; exit 2 blocks it too.
    ...blockingEvent,
    canonical: "UserPromptSubmit",
    matchField: null,
    resetsContinuations: true,
    topLevelFields: { supported: ["continue", "stopReason"], notApplied: [] },
    outputFields: [{ from: "user_message", to: "stopReason" }],
    payload: { required: ["prompt"], optional: ["attachments"] },
  },
  preToolUse: {
    ...permission,
    canonical: "PreToolUse",
    matchField: "tool_name",
    specificFields: {
      supported: ["permissionDecision", "permissionDecisionReason", "updatedInput"],
      notApplied: [],
    },
    outputFields: [
      ...permissionOutput,
      { from: "updated_input", to: "hookSpecificOutput.updatedInput" },
    ],
    payload: { required: ["tool_name", "tool_input"], optional: ["tool_use_id"] },
  },
  postToolUse: {
    ...observer,
    canonical: "PostToolUse",
    matchField: "tool_name",
    specificFields: { supported: ["additionalContext"], notApplied: [] },
    outputFields: contextOutput,
    payload: { required: ["tool_name", "tool_input"], optional: ["tool_output", "tool_use_id"] },
  },
  postToolUseFailure: {
    ...observer,
    canonical: "PostToolUseFailure",
    matchField: "tool_name",
    payload: { required: ["tool_name", "tool_input"], optional: [] },
  },
  // The tool-specific events: each fires for one kind of tool call (`tools`). Their matchers test
  // what the event acts on: the command text for shell commands; the others take none.
  beforeShellExecution: {
    ...permission,
    canonical: "PreToolUse",
    tools: ["Bash"],
    matchField: "command",
    payload: { required: ["command"], optional: ["cwd"] },
  },
  afterShellExecution: {
    ...observer,
    canonical: "PostToolUse",
    tools: ["Bash"],
    matchField: "command",
    payload: { required: ["command", "output"], optional: ["duration"] },
  },
  beforeMCPExecution: {
    ...permission,
    canonical: "PreToolUse",
    // Cursor names no MCP server: the event stands for every MCP tool.
    tools: ["mcp__.*"],
    matchField: null,
    payload: { required: ["tool_name", "tool_input"], optional: ["url", "command"] },
  },
  afterMCPExecution: {
    ...observer,
    canonical: "PostToolUse",
    tools: ["mcp__.*"],
    payload: { required: ["tool_name", "tool_input", "result_json"], optional: ["duration"] },
  },
  beforeReadFile: {
    ...readGate,
    canonical: "PreToolUse",
    tools: ["Read"],
    // It also sends the file's `content` (text; the schemas' `content` is an object).
    payload: { required: ["file_path"], optional: ["attachments"] },
  },
  // "Fires after the Agent edits a file": Cursor's agent edits with its StrReplace and Write
  // tools (Claude Code's Edit and Write); Cursor has no MultiEdit tool.
  afterFileEdit: {
    ...observer,
    canonical: "PostToolUse",
    tools: ["Edit", "Write"],
    payload: { required: ["file_path", "edits"], optional: [] },
  },
  subagentStart: {
    ...observer,
    canonical: "SubagentStart",
    payload: { required: [], optional: [] },
  },
  subagentStop: {
    ...observer,
    canonical: "SubagentStop",
    payload: { required: [], optional: [] },
  },
  preCompact: { ...observer, canonical: "PreCompact", payload: { required: [], optional: [] } },
  stop: {
    // A non-empty `followup_message` is submitted as the next user message: a Stop block. Cursor
    // sends `loop_count` (follow-ups so far); the engine adds `stop_hook_active` beside it.
    ...blockingEvent,
    canonical: "Stop",
    matchField: null,
    honorsContinue: false,
    countsContinuations: true,
    topLevelFields: noFields,
    outputFields: [{ from: "followup_message", to: "reason", implies: { decision: "block" } }],
    payload: { required: ["status", "loop_count"], optional: [] },
  },
  afterAgentResponse: {
    ...observer,
    canonical: "AfterAgentResponse",
    payload: { required: ["text"], optional: [] },
  },
  afterAgentThought: {
    ...observer,
    canonical: "AfterAgentThought",
    payload: { required: ["text"], optional: ["duration_ms"] },
  },
  // Tab (inline completion) events: no Claude Code counterpart.
  beforeTabFileRead: {
    ...readGate,
    payload: { required: ["file_path"], optional: [] },
  },
  afterTabFileEdit: {
    ...observer,
    payload: { required: ["file_path", "edits"], optional: [] },
  },
} as const satisfies Record<string, EventSpec>;

/**
 * Cursor (cursor.com/docs/agent/hooks; Cursor 2.0 to 2.x, 2026): `hooks.json` files with
 * `version: 1` and flat entries per camelCase event (`{command, matcher, timeout, failClosed,
 * loop_limit}`), read from the enterprise, user and project files and all run. Replies are
 * Cursor's own fields (`permission`, `user_message`, `agent_message`, `continue`,
 * `followup_message`, `additional_context`), read through each event's `outputFields`; exit 2
 * denies or blocks, any other failing exit fails open. Timeouts are in seconds; the docs give no
 * number for the default, 60 s is assumed. At most 5 automatic `stop` follow-ups.
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: "cursor", cwd: projectRoot });
 * await engine.dispatch("beforeShellExecution", { conversation_id: "c1", command: "git push", cwd: projectRoot });
 * ```
 */
export const cursorProfile = defineProfile({
  name: "cursor",
  title: "Cursor",
  discovery: "locations",
  configLocations: [
    { layer: "managed", path: "/etc/cursor/hooks.json", dialect: "cursor" },
    { layer: "user", path: "~/.cursor/hooks.json", dialect: "cursor" },
    { layer: "project", path: "<cwd>/.cursor/hooks.json", dialect: "cursor" },
  ],
  events,
  matcherSyntax: "regex",
  // [secondary] Cursor-hook scripts branching on these names (context-mode 1.0.168, Kaden 0.2.1);
  // Read, Write, Grep, Glob, Task and WebFetch keep Claude Code's names.
  canonicalToolNames: { Shell: "Bash", StrReplace: "Edit", EditNotebook: "NotebookEdit" },
  timeoutUnit: "seconds",
  commandTools: ["Shell"],
  // [secondary] hook scripts reading CURSOR_PROJECT_DIR, and CLAUDE_PROJECT_DIR beside it.
  projectDirectoryVariables: ["CURSOR_PROJECT_DIR", "CLAUDE_PROJECT_DIR"],
  commonPayload: {
    required: ["conversation_id", "generation_id", "workspace_roots"],
    optional: ["model", "cursor_version", "user_email"],
  },
  defaultTimeoutSeconds: 60,
  continuationCap: 5,
  knownHandlerTypes: ["command", "prompt"],
});
