import type { FieldRules } from "./profile.js";

// Rules several profiles share, spread into their event rows and tables; a row overrides what
// differs, so each table still reads as data.

/** Every top-level output field applied: `continue`, `stopReason`, `systemMessage`, `suppressOutput`. */
const allTopLevelFields = {
  supported: ["continue", "stopReason", "systemMessage", "suppressOutput"],
  notApplied: [],
} as const satisfies FieldRules;

/** No `hookSpecificOutput` field. */
const noSpecificFields = { supported: [], notApplied: [] } as const satisfies FieldRules;

/** `hookSpecificOutput.additionalContext` only. */
export const contextOnly = {
  supported: ["additionalContext"],
  notApplied: [],
} as const satisfies FieldRules;

/** The top-level fields applied, `suppressOutput` recognized but not applied. */
export const suppressOutputNotApplied = {
  supported: ["continue", "stopReason", "systemMessage"],
  notApplied: ["suppressOutput"],
} as const satisfies FieldRules;

/**
 * A `PreToolUse`'s `hookSpecificOutput` as Claude Code defines it: a permission decision and its
 * reason, context for the model and a rewrite of the tool's input.
 */
export const permissionDecisionFields = {
  supported: [
    "permissionDecision",
    "permissionDecisionReason",
    "additionalContext",
    "updatedInput",
  ],
  notApplied: [],
} as const satisfies FieldRules;

/** The defaults of an event row: configurable, no `if`, no continuation rules, every top-level field. */
export const baseEvent = {
  supportsIf: false,
  configurable: true,
  resetsContinuations: false,
  countsContinuations: false,
  honorsContinue: true,
  topLevelFields: allTopLevelFields,
  specificFields: noSpecificFields,
  legacyDecisions: {},
  failClosedFields: [],
} as const;

/** An event that cannot decide: exit 2 shows stderr to the user only, nothing is blocked. */
export const observerEvent = {
  ...baseEvent,
  decisionKind: "none",
  blockEffect: "none",
  plainStdout: "ignored",
} as const;

/** An event whose exit 2 or `decision: "block"` is its block (a prompt, a stop, a tool result). */
export const blockingEvent = {
  ...baseEvent,
  decisionKind: "block",
  blockEffect: "decide",
  plainStdout: "ignored",
} as const;

/** A `PreToolUse` that decides by `hookSpecificOutput.permissionDecision`; exit 2 denies. */
export const permissionEvent = {
  ...baseEvent,
  decisionKind: "permission",
  blockEffect: "decide",
  plainStdout: "ignored",
} as const;

/** A tool event: the matcher reads the tool name and handlers may carry an `if` rule. */
export const toolEvent = { matchField: "tool_name", supportsIf: true } as const;

/**
 * A `PermissionRequest` answered by `hookSpecificOutput.decision.behavior`, as Claude Code and Deep
 * Agents Code define it: the pipeline reads only `behavior` and `message`, so `updatedInput` and
 * `updatedPermissions` are reported, not applied.
 */
export const permissionRequestEvent = {
  ...baseEvent,
  ...toolEvent,
  decisionKind: "permission-request",
  blockEffect: "decide",
  plainStdout: "ignored",
  specificFields: { supported: ["decision"], notApplied: ["updatedInput", "updatedPermissions"] },
  payload: { required: ["tool_name", "tool_input"], optional: ["permission_suggestions"] },
} as const;

/** The handler types of the Claude Code hook format, recognized even where only `command` runs. */
export const claudeHandlerTypes = ["command", "prompt", "agent", "http", "mcp_tool"] as const;

/** `hookSpecificOutput.watchPaths` only: the files FileChanged watches from now on. */
export const watchPathsOnly = {
  supported: ["watchPaths"],
  notApplied: [],
} as const satisfies FieldRules;

/**
 * A blocking event without a matcher whose exit 2 or `decision: "block"` refuses what it reports
 * (a task created or completed, a teammate going idle).
 */
export const unmatchedBlockingEvent = { ...blockingEvent, matchField: null } as const;

/**
 * An MCP elicitation event, matched on the server name: exit 2 or a block declines it, and
 * `hookSpecificOutput.action` / `content` answer it for the user.
 */
export const elicitationEvent = {
  ...blockingEvent,
  matchField: "mcp_server_name",
  specificFields: { supported: ["action", "content"], notApplied: [] },
} as const;

/**
 * The names of Codex's shell tools (codex-rs `core/src/tools/hook_names.rs`), which its hook
 * payloads already report as `Bash`; ZeroCode follows Codex here.
 */
export const codexShellToolNameAliases = {
  shell: "Bash",
  local_shell: "Bash",
  container_exec: "Bash",
  exec_command: "Bash",
  unified_exec: "Bash",
} as const;

/**
 * A `SubagentStart` as Claude Code defines it (Deep Agents Code shares its hook format): matched on
 * the agent type, it adds `additionalContext` and cannot block.
 */
export const subagentStartEvent = {
  ...observerEvent,
  matchField: "agent_type",
  specificFields: contextOnly,
  payload: { required: ["agent_id", "agent_type"], optional: [] },
} as const;
