import type { EventSpec, FieldRules, Profile } from "./profile.js";

const universal: FieldRules = {
  supported: ["continue", "stopReason", "systemMessage", "suppressOutput"],
  notApplied: [],
};
const noSpecificFields: FieldRules = { supported: [], notApplied: [] };
const contextOnly: FieldRules = { supported: ["additionalContext"], notApplied: [] };

const common = {
  supportsIf: false,
  configurable: true,
  resetsContinuations: false,
  countsContinuations: false,
  honorsContinue: true,
  topLevelFields: universal,
  specificFields: noSpecificFields,
  legacyDecisions: {},
  failClosedFields: [],
} as const;

// Exit 2 on these shows stderr to the user only: nothing is blocked.
const observer = {
  ...common,
  decisionKind: "none",
  blockEffect: "none",
  plainStdout: "ignored",
} as const;

// Exit 2 or `decision: "block"` is the event's block (a tool call, a prompt, a stop, a compaction).
const blocking = {
  ...common,
  decisionKind: "block",
  blockEffect: "decide",
  plainStdout: "ignored",
} as const;

const toolFields = ["tool_name", "tool_input", "tool_use_id"] as const;

const events = {
  SessionStart: {
    ...observer,
    matchField: "source",
    plainStdout: "context",
    specificFields: contextOnly,
    payloadFields: ["source", "model", "agent_type"],
  },
  SessionEnd: { ...observer, matchField: "reason", payloadFields: ["reason"] },
  UserPromptSubmit: {
    ...blocking,
    matchField: null,
    plainStdout: "context",
    resetsContinuations: true,
    specificFields: contextOnly,
    payloadFields: ["prompt"],
  },
  PreToolUse: {
    ...common,
    matchField: "tool_name",
    supportsIf: true,
    decisionKind: "permission",
    blockEffect: "decide",
    plainStdout: "ignored",
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
    payloadFields: [...toolFields],
  },
  PermissionRequest: {
    ...common,
    matchField: "tool_name",
    supportsIf: true,
    decisionKind: "permission-request",
    blockEffect: "decide",
    plainStdout: "ignored",
    // Claude Code applies decision.updatedInput and decision.updatedPermissions on allow; the
    // pipeline reads only decision.behavior and decision.message, so they are reported.
    specificFields: { supported: ["decision"], notApplied: ["updatedInput", "updatedPermissions"] },
    payloadFields: ["tool_name", "tool_input", "permission_suggestions"],
  },
  PostToolUse: {
    ...blocking,
    matchField: "tool_name",
    supportsIf: true,
    specificFields: { supported: ["additionalContext"], notApplied: ["updatedMCPToolOutput"] },
    payloadFields: [...toolFields, "tool_response"],
  },
  // The tool already failed: a block is feedback for the model, never a decision.
  PostToolUseFailure: {
    ...common,
    matchField: "tool_name",
    supportsIf: true,
    decisionKind: "none",
    blockEffect: "feedback",
    plainStdout: "ignored",
    specificFields: contextOnly,
    payloadFields: [...toolFields, "error", "is_interrupt"],
  },
  Notification: {
    ...observer,
    matchField: "notification_type",
    payloadFields: ["message", "title", "notification_type"],
  },
  Stop: {
    ...blocking,
    matchField: null,
    countsContinuations: true,
    subagentEvent: "SubagentStop",
    payloadFields: ["stop_hook_active", "last_assistant_message"],
  },
  SubagentStart: {
    ...observer,
    matchField: "agent_type",
    specificFields: contextOnly,
    payloadFields: ["agent_id", "agent_type"],
  },
  SubagentStop: {
    ...blocking,
    matchField: "agent_type",
    payloadFields: [
      "stop_hook_active",
      "agent_id",
      "agent_type",
      "agent_transcript_path",
      "last_assistant_message",
    ],
  },
  PreCompact: {
    ...blocking,
    matchField: "trigger",
    payloadFields: ["trigger", "custom_instructions"],
  },
  PostCompact: {
    ...observer,
    matchField: "trigger",
    payloadFields: ["trigger", "compact_summary"],
  },
} as const satisfies Record<string, EventSpec>;

/**
 * The Claude Code hook system: layered `settings.json` files (managed, user, project, local),
 * command handlers run with bash, `CLAUDE_PROJECT_DIR`, `updatedInput` applied on allow or ask, and no
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
export const claudeProfile = {
  name: "claude",
  title: "Claude Code",
  discovery: "claude",
  configSyntax: "jsonc",
  configLocations: [
    { layer: "user", path: "~/.claude/settings.json", dialect: "claude" },
    { layer: "project", path: "<cwd>/.claude/settings.json", dialect: "claude" },
    { layer: "local", path: "<cwd>/.claude/settings.local.json", dialect: "claude" },
  ],
  events,
  matcherSyntax: "deepagents",
  toolNameField: "tool_name",
  toolNameAliases: {},
  toolMatchAliases: {},
  commandTools: ["Bash"],
  updatedInputDecisions: ["allow", "ask"],
  updatedInputNeedsSchema: false,
  updatedInputWithDeny: "drop-rewrite",
  shell: "bash",
  projectDirectoryVariables: ["CLAUDE_PROJECT_DIR"],
  timestampField: null,
  payloadDefaults: {},
  defaultTimeoutSeconds: 600,
  messageLimitCharacters: 10_000,
  captureLimitBytes: 1024 * 1024,
  killGraceMs: 1000,
  continuationCap: null,
  // An identical command runs once, as the most authoritative settings file configures it;
  // a plugin's hooks are never merged with another source's.
  deduplicate: {
    layerPrecedence: ["managed", "local", "project", "user"],
    separateLayerPrefixes: ["plugin:"],
  },
  knownHandlerTypes: ["command", "prompt", "agent", "http", "mcp_tool"],
  unsupportedFieldEffect: "diagnostic",
  trust: null,
  spill: null,
} as const satisfies Profile;
