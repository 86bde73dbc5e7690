import { defineProfile } from "./define-profile.js";
import {
  blockingEvent,
  claudeHandlerTypes,
  contextOnly,
  elicitationEvent,
  observerEvent,
  permissionEvent,
  permissionRequestEvent,
  subagentStartEvent,
  toolEvent,
  unmatchedBlockingEvent,
  watchPathsOnly,
} from "./event-presets.js";
import type { EventSpec } from "./profile.js";

const events = {
  SessionStart: {
    ...observerEvent,
    matchField: "source",
    plainStdout: "context",
    specificFields: {
      supported: ["additionalContext", "initialUserMessage", "sessionTitle", "watchPaths"],
      notApplied: [],
    },
    payload: { required: ["source"], optional: ["model", "agent_type"] },
    // Claude Code skips http hooks here: no session exists yet to send them from.
    unsupportedHandlerTypes: ["http"],
    // Handlers may export variables for the session through CLAUDE_ENV_FILE.
    environmentFile: true,
  },
  SessionEnd: {
    ...observerEvent,
    matchField: "reason",
    payload: { required: ["reason"], optional: [] },
    // Claude Code gives SessionEnd hooks 1.5 s in all (CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS).
    budgetMs: 1500,
    budgetVariable: "CLAUDE_CODE_SESSIONEND_HOOKS_TIMEOUT_MS",
    // A longer timeout in settings raises the budget up to 60 s; a plugin's never does.
    budgetMaxMs: 60_000,
    budgetFixedLayerPrefixes: ["plugin:"],
  },
  UserPromptSubmit: {
    ...blockingEvent,
    // A block wins over continue: false: the prompt is blocked, not just stopped.
    continueKeepsDecision: true,
    matchField: null,
    plainStdout: "context",
    resetsContinuations: true,
    specificFields: contextOnly,
    payload: { required: ["prompt"], optional: [] },
  },
  // A slash command (or MCP prompt) about to expand into a prompt: a block refuses the expansion.
  UserPromptExpansion: {
    ...blockingEvent,
    continueKeepsDecision: true,
    matchField: "command_name",
    specificFields: contextOnly,
    payload: {
      required: ["command_name", "prompt"],
      optional: ["expansion_type", "command_args", "command_source"],
    },
  },
  Setup: {
    ...observerEvent,
    matchField: "trigger",
    specificFields: contextOnly,
    payload: { required: ["trigger"], optional: [] },
    unsupportedHandlerTypes: ["http"],
    environmentFile: true,
  },
  PreToolUse: {
    ...permissionEvent,
    ...toolEvent,
    // The call is still decided by the hook's decision (a deny holds), then the turn ends.
    continueKeepsDecision: true,
    specificFields: {
      supported: [
        "permissionDecision",
        "permissionDecisionReason",
        "updatedInput",
        "additionalContext",
      ],
      notApplied: [],
    },
    legacyDecisions: { approve: "allow", block: "deny" },
    // defer hands the call back to the host's own permission flow; deny > defer > ask > allow.
    permissionDecisions: { allow: "apply", deny: "apply", ask: "apply", defer: "apply" },
    payload: { required: ["tool_name", "tool_input"], optional: ["tool_use_id"] },
  },
  // decision.updatedInput is the rewrite (with allow); updatedPermissions and interrupt go to the
  // host in eventOutput.
  PermissionRequest: {
    ...permissionRequestEvent,
    specificFields: { supported: ["decision"], notApplied: [] },
    decisionFields: {
      supported: ["updatedInput", "updatedPermissions", "interrupt"],
      notApplied: [],
    },
  },
  // The auto-mode classifier denied a call; a hook cannot undo it but may let the model retry.
  PermissionDenied: {
    ...observerEvent,
    ...toolEvent,
    specificFields: { supported: ["retry"], notApplied: [] },
    payload: { required: ["tool_name", "tool_input"], optional: ["tool_use_id", "reason"] },
  },
  PostToolUse: {
    ...blockingEvent,
    ...toolEvent,
    specificFields: {
      supported: ["additionalContext", "updatedToolOutput", "updatedMCPToolOutput"],
      notApplied: [],
    },
    payload: { required: ["tool_name", "tool_input", "tool_response"], optional: ["tool_use_id"] },
  },
  // The tool already failed: a block is feedback for the model, never a decision.
  PostToolUseFailure: {
    ...observerEvent,
    ...toolEvent,
    blockEffect: "feedback",
    specificFields: contextOnly,
    payload: {
      required: ["tool_name", "tool_input"],
      optional: ["tool_use_id", "error", "is_interrupt"],
    },
  },
  // Once per batch of parallel tool calls, before the next model call: a block stops the loop.
  PostToolBatch: {
    ...blockingEvent,
    matchField: null,
    specificFields: contextOnly,
    payload: { required: ["tool_calls"], optional: [] },
  },
  Notification: {
    ...observerEvent,
    matchField: "notification_type",
    payload: { required: ["message", "notification_type"], optional: ["title"] },
  },
  Stop: {
    ...blockingEvent,
    matchField: null,
    countsContinuations: true,
    subagentEvent: "SubagentStop",
    payload: { required: ["stop_hook_active"], optional: ["last_assistant_message"] },
  },
  SubagentStart: subagentStartEvent,
  SubagentStop: {
    ...blockingEvent,
    matchField: "agent_type",
    payload: {
      required: ["stop_hook_active", "agent_id", "agent_type"],
      optional: ["agent_transcript_path", "last_assistant_message"],
    },
  },
  PreCompact: {
    ...blockingEvent,
    matchField: "trigger",
    payload: { required: ["trigger"], optional: ["custom_instructions"] },
  },
  PostCompact: {
    ...observerEvent,
    matchField: "trigger",
    payload: { required: ["trigger"], optional: ["compact_summary"] },
  },
  // Display only: displayContent replaces the assistant text shown to the user, not the transcript.
  MessageDisplay: {
    ...observerEvent,
    matchField: null,
    specificFields: { supported: ["displayContent"], notApplied: [] },
    payload: { required: [], optional: ["message"] },
  },
  TaskCreated: {
    ...unmatchedBlockingEvent,
    payload: {
      required: ["task_id", "task_subject"],
      optional: ["task_description", "teammate_name", "team_name"],
    },
  },
  TaskCompleted: {
    ...unmatchedBlockingEvent,
    payload: {
      required: ["task_id", "task_subject"],
      optional: ["task_description", "teammate_name", "team_name"],
    },
  },
  // A block keeps the teammate working, as a Stop block keeps the turn going.
  TeammateIdle: {
    ...unmatchedBlockingEvent,
    payload: { required: ["teammate_name", "team_name"], optional: [] },
  },
  // The turn ended on an API error; output and exit code are ignored.
  StopFailure: {
    ...observerEvent,
    matchField: "error",
    payload: { required: ["error"], optional: ["error_details", "last_assistant_message"] },
  },
  InstructionsLoaded: {
    ...observerEvent,
    matchField: "load_reason",
    payload: {
      required: ["file_path", "memory_type", "load_reason"],
      optional: ["globs", "trigger_file_path", "parent_file_path"],
    },
  },
  CwdChanged: {
    ...observerEvent,
    matchField: null,
    specificFields: watchPathsOnly,
    payload: { required: ["old_cwd", "new_cwd"], optional: [] },
    environmentFile: true,
  },
  DirectoryAdded: {
    ...observerEvent,
    matchField: null,
    payload: { required: ["directory"], optional: [] },
  },
  // The matcher names files (`.envrc|.env`): it is tested on the changed file's name, while the
  // payload carries the full path.
  FileChanged: {
    ...observerEvent,
    matchField: "file_path",
    matchOn: "basename",
    // The matcher lists file names to watch (`.envrc|.env`), never a regular expression.
    matcherSyntax: "literal-names",
    specificFields: watchPathsOnly,
    payload: { required: ["file_path", "event"], optional: [] },
    environmentFile: true,
  },
  // Managed policy always applies: a change to it cannot be blocked.
  ConfigChange: {
    ...blockingEvent,
    matchField: "source",
    unblockable: { field: "source", values: ["policy_settings"] },
    payload: { required: ["source"], optional: ["file_path"] },
  },
  // The hook creates the worktree: plain stdout is its path, and any failed exit aborts.
  WorktreeCreate: {
    ...unmatchedBlockingEvent,
    plainStdout: "output",
    plainStdoutField: "worktreePath",
    failedExit: "block",
    specificFields: { supported: ["worktreePath"], notApplied: [] },
    payload: { required: ["name"], optional: [] },
  },
  WorktreeRemove: {
    ...observerEvent,
    matchField: null,
    payload: { required: ["worktree_path"], optional: [] },
  },
  Elicitation: {
    ...elicitationEvent,
    payload: {
      required: ["mcp_server_name", "message"],
      optional: ["mode", "url", "elicitation_id", "requested_schema"],
    },
  },
  ElicitationResult: {
    ...elicitationEvent,
    payload: {
      required: ["mcp_server_name", "action"],
      optional: ["content", "mode", "elicitation_id"],
    },
  },
} as const satisfies Record<string, EventSpec>;

/**
 * The Claude Code hook system: layered `settings.json` files (managed, user, project, local),
 * command handlers run with `/bin/sh -c`, `CLAUDE_PROJECT_DIR`, `updatedInput` applied on allow or ask, and no
 * cap on Stop continuations.
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: "claude", cwd: process.cwd() });
 * const result = await engine.dispatch("PreToolUse", {
 *   tool_name: "Bash",
 *   tool_input: { command: "rm -rf build" },
 * });
 * ```
 */
export const claudeProfile = defineProfile({
  name: "claude",
  title: "Claude Code",
  discovery: "managed-then-locations",
  // Claude Code 2.1.328 skips a settings file with a comment or trailing comma as a whole
  // ("Invalid or malformed JSON"); a byte-order mark and an empty file it accepts.
  configSyntax: "settings-json",
  // Claude Code 2.1.328 waits for a hook's pipes to close after it exits, until they are quiet
  // for 500 ms (at most 10 s); then it refuses a reply that grants, rewrites or injects ("… its
  // stdio went quiet before end-of-stream …; refusing to honor the suspect capture").
  cutCapture: {
    quietMs: 500,
    capMs: 10_000,
    blockingEvents: [
      "PreToolUse",
      "PermissionRequest",
      "PreModelSwitch",
      "UserPromptSubmit",
      "UserPromptExpansion",
      "ConfigChange",
      "Elicitation",
      "ElicitationResult",
      "PostToolBatch",
      "TaskCreated",
      "PreCompact",
    ],
    grantingBlockEvents: [
      "Stop",
      "SubagentStop",
      "StopFailure",
      "TaskCompleted",
      "TeammateIdle",
      "PostToolUse",
      "PostToolUseFailure",
    ],
    harmlessContextEvents: [
      "UserPromptSubmit",
      "UserPromptExpansion",
      "SessionStart",
      "PostModelSwitch",
    ],
    harmlessFields: [
      "continue",
      "suppressOutput",
      "stopReason",
      "decision",
      "systemMessage",
      "terminalSequence",
      "reason",
      "metrics",
      "rewakeSummary",
      "hookSpecificOutput",
    ],
    harmlessSpecificFields: [
      "hookEventName",
      "permissionDecision",
      "permissionDecisionReason",
      "additionalContext",
      "decision",
      "action",
      "content",
      "suppressOriginalPrompt",
      "retry",
    ],
  },
  configLocations: [
    { layer: "user", path: "~/.claude/settings.json", dialect: "claude" },
    { layer: "project", path: "<cwd>/.claude/settings.json", dialect: "claude" },
    { layer: "local", path: "<cwd>/.claude/settings.local.json", dialect: "claude" },
  ],
  events,
  matcherSyntax: "names-or-regex",
  commandTools: ["Bash"],
  // A rewrite alone is applied; Claude Code's permission flow then judges the new input.
  updatedInputWithoutDecision: "apply",
  // JSON on stdout counts whatever the exit code (and after a signal, Claude Code's exit 1); with
  // empty stderr an exit-2 block's reason is Claude Code's own text.
  stdoutJsonExitCodes: "any",
  emptyStderrBlockReason: "No stderr output",
  // A stop_hook_active the host sends reaches the hook until the engine counts continuations itself.
  stopHookActiveSource: "host-until-tracked",
  // Claude Code 2.1.328 spawns a command string with Node's `shell: true`: `/bin/sh -c` on Linux
  // and macOS (dash on Debian), even with SHELL=/bin/bash or `"shell": "bash"`.
  shell: "sh",
  bashFieldShell: "sh",
  projectDirectoryVariables: ["CLAUDE_PROJECT_DIR"],
  // Claude Code does not pass its OpenTelemetry settings on to hooks.
  withheldVariablePrefixes: ["OTEL_"],
  environmentFileVariable: "CLAUDE_ENV_FILE",
  // CLAUDE_CODE_SUBPROCESS_ENV_SCRUB=1 keeps these credentials out of hooks (CHANGELOG 2.1.83);
  // GITHUB_TOKEN and GH_TOKEN stay, as in Claude Code.
  credentialScrub: {
    variable: "CLAUDE_CODE_SUBPROCESS_ENV_SCRUB",
    names: [
      "ANTHROPIC_API_KEY",
      "ANTHROPIC_AUTH_TOKEN",
      "ANTHROPIC_FOUNDRY_API_KEY",
      "ANTHROPIC_CUSTOM_HEADERS",
      "CLAUDE_CODE_OAUTH_TOKEN",
      "OTEL_EXPORTER_OTLP_HEADERS",
      "OTEL_EXPORTER_OTLP_LOGS_HEADERS",
      "OTEL_EXPORTER_OTLP_METRICS_HEADERS",
      "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
      "AWS_SECRET_ACCESS_KEY",
      "AWS_SESSION_TOKEN",
      "AWS_BEARER_TOKEN_BEDROCK",
      "GOOGLE_APPLICATION_CREDENTIALS",
      "AZURE_CLIENT_SECRET",
      "AZURE_CLIENT_CERTIFICATE_PATH",
      "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
      "ACTIONS_ID_TOKEN_REQUEST_URL",
      "ACTIONS_RUNTIME_TOKEN",
    ],
  },
  commonPayload: {
    required: ["session_id", "cwd"],
    optional: ["transcript_path", "permission_mode"],
  },
  defaultTimeoutSeconds: 600,
  // Claude Code ends the turn after 8 consecutive Stop blocks (CHANGELOG 2.1.143).
  continuationCap: 8,
  continuationCapVariable: "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP",
  // An identical command runs once, as the most authoritative settings file configures it;
  // a plugin's hooks are never merged with another source's.
  deduplicate: {
    layerPrecedence: ["managed", "local", "project", "user"],
    separateLayerPrefixes: ["plugin:"],
  },
  knownHandlerTypes: claudeHandlerTypes,
});
