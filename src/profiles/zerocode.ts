import type { EventSpec, FieldRules, Profile } from "./profile.js";

// suppressOutput is "parsed today but not yet implemented" on these events: accepted, no effect.
const commonOutput: FieldRules = {
  supported: ["continue", "stopReason", "systemMessage", "suppressOutput"],
  notApplied: [],
};
const postToolUseOutput: FieldRules = {
  supported: ["continue", "stopReason", "systemMessage"],
  notApplied: ["suppressOutput"],
};
const systemMessageOnly: FieldRules = {
  supported: ["systemMessage"],
  notApplied: ["continue", "stopReason", "suppressOutput"],
};
const noSpecificFields: FieldRules = { supported: [], notApplied: [] };
const contextOnly: FieldRules = { supported: ["additionalContext"], notApplied: [] };

const base = {
  supportsIf: false,
  configurable: true,
  resetsContinuations: false,
  countsContinuations: false,
  honorsContinue: true,
  topLevelFields: commonOutput,
  specificFields: noSpecificFields,
  legacyDecisions: {},
  failClosedFields: [],
} as const;

const turnFields = ["turn_id", "permission_mode"] as const;

const events = {
  SessionStart: {
    ...base,
    matchField: "source",
    decisionKind: "none",
    blockEffect: "none",
    plainStdout: "context",
    specificFields: contextOnly,
    payloadFields: ["source", "permission_mode"],
  },
  SessionEnd: {
    ...base,
    matchField: "reason",
    decisionKind: "none",
    blockEffect: "none",
    plainStdout: "ignored",
    // Advisory: its output never steers the session.
    honorsContinue: false,
    defaultTimeoutSeconds: 1,
    maxTimeoutSeconds: 3,
    payloadFields: ["reason"],
  },
  SubagentStart: {
    ...base,
    matchField: "agent_type",
    decisionKind: "none",
    blockEffect: "none",
    plainStdout: "context",
    honorsContinue: false,
    specificFields: contextOnly,
    payloadFields: [...turnFields, "agent_id", "agent_type"],
  },
  PreToolUse: {
    ...base,
    matchField: "tool_name",
    decisionKind: "permission",
    blockEffect: "decide",
    plainStdout: "ignored",
    topLevelFields: systemMessageOnly,
    specificFields: {
      supported: [
        "permissionDecision",
        "permissionDecisionReason",
        "additionalContext",
        "updatedInput",
      ],
      notApplied: [],
    },
    permissionDecisions: {
      allow: "apply",
      deny: "apply",
      ask: "unsupported",
      defer: "unsupported",
    },
    legacyDecisions: { block: "deny", approve: "unsupported" },
    payloadFields: [...turnFields, "tool_name", "tool_use_id", "tool_input"],
  },
  PermissionRequest: {
    ...base,
    matchField: "tool_name",
    decisionKind: "permission-request",
    blockEffect: "decide",
    plainStdout: "ignored",
    topLevelFields: systemMessageOnly,
    specificFields: { supported: ["decision"], notApplied: [] },
    failClosedFields: ["updatedInput", "updatedPermissions", "interrupt"],
    payloadFields: [...turnFields, "tool_name", "tool_input"],
  },
  PostToolUse: {
    ...base,
    matchField: "tool_name",
    decisionKind: "block",
    blockEffect: "decide",
    plainStdout: "ignored",
    topLevelFields: postToolUseOutput,
    specificFields: { supported: ["additionalContext"], notApplied: ["updatedMCPToolOutput"] },
    payloadFields: [...turnFields, "tool_name", "tool_use_id", "tool_input", "tool_response"],
  },
  PreCompact: {
    ...base,
    matchField: "trigger",
    decisionKind: "none",
    blockEffect: "none",
    plainStdout: "ignored",
    payloadFields: ["turn_id", "trigger"],
  },
  PostCompact: {
    ...base,
    matchField: "trigger",
    decisionKind: "none",
    blockEffect: "none",
    plainStdout: "ignored",
    payloadFields: ["turn_id", "trigger"],
  },
  UserPromptSubmit: {
    ...base,
    matchField: null,
    decisionKind: "block",
    blockEffect: "decide",
    plainStdout: "context",
    resetsContinuations: true,
    specificFields: contextOnly,
    payloadFields: [...turnFields, "prompt"],
  },
  SubagentStop: {
    ...base,
    matchField: "agent_type",
    decisionKind: "block",
    blockEffect: "decide",
    plainStdout: "invalid",
    payloadFields: [
      ...turnFields,
      "agent_id",
      "agent_type",
      "agent_transcript_path",
      "stop_hook_active",
      "last_assistant_message",
    ],
  },
  Stop: {
    ...base,
    matchField: null,
    decisionKind: "block",
    blockEffect: "decide",
    plainStdout: "invalid",
    countsContinuations: true,
    payloadFields: [...turnFields, "stop_hook_active", "last_assistant_message"],
  },
} as const satisfies Record<string, EventSpec>;

/**
 * The ZeroCode hook system: layered `hooks.json` / `config.toml` sources, managed policy,
 * plugins, reviewed trust, regex matchers and spilling of large context.
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: "zerocode", cwd: process.cwd() });
 * ```
 */
export const zerocodeProfile = {
  name: "zerocode",
  title: "ZeroCode",
  discovery: "zerocode",
  configLocations: [
    { layer: "system", path: "<system>/hooks.json", dialect: "zerocode" },
    { layer: "system", path: "<system>/config.toml", dialect: "zerocode" },
    { layer: "user", path: "~/.zerotwo/hooks.json", dialect: "zerocode" },
    { layer: "user", path: "~/.zerotwo/config.toml", dialect: "zerocode" },
    { layer: "project", path: "<project>/.zerotwo/hooks.json", dialect: "zerocode" },
    { layer: "project", path: "<project>/.zerotwo/config.toml", dialect: "zerocode" },
    { layer: "managed", path: "<system>/requirements.toml", dialect: "zerocode" },
  ],
  events,
  matcherSyntax: "regex",
  toolNameField: "tool_name",
  toolNameAliases: {
    shell: "Bash",
    local_shell: "Bash",
    container_exec: "Bash",
    exec_command: "Bash",
    unified_exec: "Bash",
  },
  toolMatchAliases: { apply_patch: ["Edit", "Write"], spawn_agent: ["Agent"] },
  commandTools: ["Bash", "apply_patch"],
  updatedInputDecisions: ["allow"],
  updatedInputNeedsSchema: false,
  // "Return updatedInput only with permissionDecision: allow; other updatedInput shapes are errors."
  updatedInputWithDeny: "fail-run",
  shell: "sh",
  projectDirectoryVariables: [],
  timestampField: null,
  payloadDefaults: { transcript_path: null },
  defaultTimeoutSeconds: 600,
  messageLimitCharacters: 10_000,
  captureLimitBytes: 1024 * 1024,
  killGraceMs: 1000,
  continuationCap: null,
  // Matching hooks from every source all run: higher layers do not replace lower ones.
  deduplicate: null,
  knownHandlerTypes: ["command", "prompt", "agent"],
  unsupportedFieldEffect: "fail-run",
  trust: { storeFile: "~/.zerotwo/hooks-trust.json" },
  spill: { defaultLimitTokens: 2500, bytesPerToken: 4 },
} as const satisfies Profile;
