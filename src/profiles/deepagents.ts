import type { EventSpec, FieldRules, Profile } from "./profile.js";

const universal: FieldRules = {
  supported: ["continue", "stopReason", "systemMessage", "suppressOutput"],
  notApplied: [],
};

const common = {
  supportsIf: false,
  configurable: true,
  resetsContinuations: false,
  countsContinuations: false,
  honorsContinue: true,
  topLevelFields: universal,
  legacyDecisions: {},
  failClosedFields: [],
} as const;

const observer = {
  ...common,
  decisionKind: "none",
  blockEffect: "none",
  plainStdout: "ignored",
  specificFields: { supported: [], notApplied: [] },
} as const;

const contextOnly = { supported: ["additionalContext"], notApplied: [] } as const;

const events = {
  SessionStart: {
    ...observer,
    matchField: "source",
    specificFields: contextOnly,
    payloadFields: ["source", "model", "agent_type", "session_title"],
  },
  SessionEnd: { ...observer, matchField: "reason", payloadFields: ["reason"] },
  PermissionRequest: {
    ...common,
    matchField: "tool_name",
    supportsIf: true,
    decisionKind: "permission-request",
    blockEffect: "decide",
    plainStdout: "ignored",
    specificFields: { supported: ["decision"], notApplied: ["updatedInput", "updatedPermissions"] },
    payloadFields: ["tool_name", "tool_input", "permission_suggestions"],
  },
  Notification: {
    ...observer,
    matchField: "notification_type",
    payloadFields: ["message", "notification_type", "title"],
  },
  PreToolUse: {
    ...common,
    matchField: "tool_name",
    supportsIf: true,
    decisionKind: "permission",
    blockEffect: "decide",
    plainStdout: "ignored",
    specificFields: {
      supported: ["permissionDecision", "permissionDecisionReason", "additionalContext"],
      notApplied: ["updatedInput", "defer"],
    },
    legacyDecisions: { approve: "allow", block: "deny" },
    payloadFields: ["tool_name", "tool_input", "tool_use_id"],
  },
  PostToolUse: {
    ...common,
    matchField: "tool_name",
    supportsIf: true,
    decisionKind: "none",
    blockEffect: "feedback",
    plainStdout: "ignored",
    specificFields: { supported: ["additionalContext"], notApplied: ["updatedToolOutput"] },
    payloadFields: ["tool_name", "tool_input", "tool_response", "tool_use_id", "duration_ms"],
  },
  Stop: {
    ...common,
    matchField: null,
    decisionKind: "block",
    blockEffect: "decide",
    plainStdout: "ignored",
    countsContinuations: true,
    specificFields: { supported: [], notApplied: [] },
    payloadFields: [
      "stop_hook_active",
      "last_assistant_message",
      "background_tasks",
      "session_crons",
    ],
  },
  SubagentStart: {
    ...observer,
    matchField: "agent_type",
    specificFields: contextOnly,
    payloadFields: ["agent_id", "agent_type"],
  },
  SubagentStop: {
    ...common,
    matchField: "agent_type",
    decisionKind: "none",
    blockEffect: "unsupported",
    plainStdout: "ignored",
    specificFields: contextOnly,
    payloadFields: [
      "stop_hook_active",
      "agent_id",
      "agent_type",
      "agent_transcript_path",
      "last_assistant_message",
      "background_tasks",
      "session_crons",
    ],
  },
  // Deep Agents Code runs no hooks on a user prompt; the host dispatches it to start a new turn.
  UserPromptSubmit: {
    ...observer,
    matchField: null,
    configurable: false,
    resetsContinuations: true,
    payloadFields: ["prompt"],
  },
} as const satisfies Record<string, EventSpec>;

/**
 * The Deep Agents Code hook system: `~/.deepagents/hooks.json`, nine events, deny > ask > allow.
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: deepagentsProfile, cwd: process.cwd() });
 * ```
 */
export const deepagentsProfile = {
  name: "deepagents",
  title: "Deep Agents Code",
  discovery: "locations",
  configLocations: [{ layer: "user", path: "~/.deepagents/hooks.json", dialect: "deepagents" }],
  events,
  matcherSyntax: "deepagents",
  toolNameField: "tool_name",
  toolNameAliases: {
    execute: "Bash",
    write_file: "Write",
    edit_file: "Edit",
    read_file: "Read",
    ls: "LS",
    glob: "Glob",
    grep: "Grep",
  },
  toolMatchAliases: {},
  commandTools: ["Bash"],
  updatedInputDecisions: ["allow"],
  updatedInputNeedsSchema: false,
  updatedInputWithDeny: "drop-rewrite",
  shell: "sh",
  projectDirectoryVariables: [],
  timestampField: null,
  payloadDefaults: {},
  defaultTimeoutSeconds: 600,
  messageLimitCharacters: 10_000,
  captureLimitBytes: 1024 * 1024,
  killGraceMs: 1000,
  continuationCap: 8,
  // As Claude Code, whose hook format it shares: an identical command runs once per event.
  deduplicate: { layerPrecedence: ["user"], separateLayerPrefixes: [] },
  knownHandlerTypes: ["command", "prompt", "agent", "http", "mcp_tool"],
  unsupportedFieldEffect: "diagnostic",
  trust: null,
  spill: null,
} as const satisfies Profile;
