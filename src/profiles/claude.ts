import {
  blockingEvent,
  claudeHandlerTypes,
  contextOnly,
  defaultLimits,
  observerEvent,
  permissionEvent,
  permissionRequestEvent,
  toolEvent,
} from "./event-presets.js";
import type { EventSpec, Profile } from "./profile.js";

const events = {
  SessionStart: {
    ...observerEvent,
    matchField: "source",
    plainStdout: "context",
    specificFields: contextOnly,
    payload: { required: ["source"], optional: ["model", "agent_type"] },
  },
  SessionEnd: {
    ...observerEvent,
    matchField: "reason",
    payload: { required: ["reason"], optional: [] },
  },
  UserPromptSubmit: {
    ...blockingEvent,
    matchField: null,
    plainStdout: "context",
    resetsContinuations: true,
    specificFields: contextOnly,
    payload: { required: ["prompt"], optional: [] },
  },
  PreToolUse: {
    ...permissionEvent,
    ...toolEvent,
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
    payload: { required: ["tool_name", "tool_input"], optional: ["tool_use_id"] },
  },
  // Claude Code applies decision.updatedInput and decision.updatedPermissions on allow; the
  // pipeline reads only decision.behavior and decision.message, so they are reported.
  PermissionRequest: permissionRequestEvent,
  PostToolUse: {
    ...blockingEvent,
    ...toolEvent,
    specificFields: { supported: ["additionalContext"], notApplied: ["updatedMCPToolOutput"] },
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
  SubagentStart: {
    ...observerEvent,
    matchField: "agent_type",
    specificFields: contextOnly,
    payload: { required: ["agent_id", "agent_type"], optional: [] },
  },
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
  discovery: "managed-then-locations",
  configSyntax: "jsonc",
  configLocations: [
    { layer: "user", path: "~/.claude/settings.json", dialect: "claude" },
    { layer: "project", path: "<cwd>/.claude/settings.json", dialect: "claude" },
    { layer: "local", path: "<cwd>/.claude/settings.local.json", dialect: "claude" },
  ],
  events,
  matcherSyntax: "names-or-regex",
  toolNameField: "tool_name",
  toolNameAliases: {},
  toolMatchAliases: {},
  commandTools: ["Bash"],
  updatedInputDecisions: ["allow", "ask"],
  updatedInputNeedsSchema: false,
  updatedInputWithDeny: "drop-rewrite",
  shell: "bash",
  projectDirectoryVariables: ["CLAUDE_PROJECT_DIR"],
  // Claude Code does not pass its OpenTelemetry settings on to hooks.
  withheldVariablePrefixes: ["OTEL_"],
  timestampField: null,
  commonPayload: {
    required: ["session_id", "cwd"],
    optional: ["transcript_path", "permission_mode"],
  },
  payloadDefaults: {},
  defaultTimeoutSeconds: 600,
  ...defaultLimits,
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
  unsupportedFieldEffect: "diagnostic",
  trust: null,
  spill: null,
} as const satisfies Profile;
