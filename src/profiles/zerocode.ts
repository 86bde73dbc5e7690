import { defineProfile } from "./define-profile.js";
import {
  baseEvent,
  codexShellToolNameAliases,
  contextOnly,
  observerEvent,
  permissionDecisionFields,
  permissionEvent,
  suppressOutputNotApplied,
} from "./event-presets.js";
import { listLayeredConfigLocations } from "./list-layered-config-locations.js";
import type { EventSpec, FieldRules } from "./profile.js";

// suppressOutput is "parsed today but not yet implemented" on these events: accepted, no effect.
const postToolUseOutput = suppressOutputNotApplied;
const systemMessageOnly = {
  supported: ["systemMessage"],
  notApplied: ["continue", "stopReason", "suppressOutput"],
} as const satisfies FieldRules;

const blocking = { ...baseEvent, decisionKind: "block", blockEffect: "decide" } as const;

const turnFields = ["turn_id", "permission_mode"] as const;
// A compaction names its trigger, and the turn when there is one.
const compaction = {
  ...observerEvent,
  matchField: "trigger",
  payload: { required: ["trigger"], optional: ["turn_id"] },
} as const;

const events = {
  SessionStart: {
    ...observerEvent,
    matchField: "source",
    plainStdout: "context",
    specificFields: contextOnly,
    payload: { required: ["source"], optional: ["permission_mode"] },
  },
  SessionEnd: {
    ...observerEvent,
    matchField: "reason",
    // Advisory: its output never steers the session.
    honorsContinue: false,
    defaultTimeoutSeconds: 1,
    maxTimeoutSeconds: 3,
    payload: { required: ["reason"], optional: [] },
  },
  SubagentStart: {
    ...observerEvent,
    matchField: "agent_type",
    plainStdout: "context",
    honorsContinue: false,
    specificFields: contextOnly,
    payload: { required: ["agent_id", "agent_type"], optional: turnFields },
  },
  PreToolUse: {
    ...permissionEvent,
    matchField: "tool_name",
    topLevelFields: systemMessageOnly,
    specificFields: permissionDecisionFields,
    permissionDecisions: {
      allow: "apply",
      deny: "apply",
      ask: "unsupported",
      defer: "unsupported",
    },
    legacyDecisions: { block: "deny", approve: "unsupported" },
    payload: { required: ["tool_name", "tool_input"], optional: [...turnFields, "tool_use_id"] },
  },
  PermissionRequest: {
    ...baseEvent,
    matchField: "tool_name",
    decisionKind: "permission-request",
    blockEffect: "decide",
    plainStdout: "ignored",
    topLevelFields: systemMessageOnly,
    specificFields: { supported: ["decision"], notApplied: [] },
    failClosedFields: ["updatedInput", "updatedPermissions", "interrupt"],
    payload: { required: ["tool_name", "tool_input"], optional: turnFields },
  },
  PostToolUse: {
    ...blocking,
    matchField: "tool_name",
    plainStdout: "ignored",
    topLevelFields: postToolUseOutput,
    specificFields: { supported: ["additionalContext"], notApplied: ["updatedMCPToolOutput"] },
    payload: {
      required: ["tool_name", "tool_input", "tool_response"],
      optional: [...turnFields, "tool_use_id"],
    },
  },
  PreCompact: compaction,
  PostCompact: compaction,
  UserPromptSubmit: {
    ...blocking,
    matchField: null,
    plainStdout: "context",
    resetsContinuations: true,
    specificFields: contextOnly,
    payload: { required: ["prompt"], optional: turnFields },
  },
  SubagentStop: {
    ...blocking,
    matchField: "agent_type",
    plainStdout: "invalid",
    payload: {
      required: ["agent_id", "agent_type", "stop_hook_active"],
      optional: [...turnFields, "agent_transcript_path", "last_assistant_message"],
    },
  },
  Stop: {
    ...blocking,
    matchField: null,
    plainStdout: "invalid",
    countsContinuations: true,
    payload: {
      required: ["stop_hook_active"],
      optional: [...turnFields, "last_assistant_message"],
    },
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
export const zerocodeProfile = defineProfile({
  name: "zerocode",
  title: "ZeroCode",
  discovery: "layered-walk",
  configLocations: listLayeredConfigLocations(
    { system: "<system>", user: "~/.zerotwo", project: "<project>/.zerotwo" },
    "zerocode",
  ),
  events,
  matcherSyntax: "regex",
  toolNameAliases: codexShellToolNameAliases,
  toolMatchAliases: { apply_patch: ["Edit", "Write"], spawn_agent: ["Agent"] },
  commandTools: ["Bash", "apply_patch"],
  updatedInputDecisions: ["allow"],
  // "Return updatedInput only with permissionDecision: allow; other updatedInput shapes are errors."
  updatedInputWithDeny: "fail-run",
  // transcript_path is always there: the engine fills it with null when the host has none.
  commonPayload: { required: ["session_id", "cwd", "transcript_path"], optional: ["model"] },
  payloadDefaults: { transcript_path: null },
  defaultTimeoutSeconds: 600,
  // Matching hooks from every source all run: higher layers do not replace lower ones.
  deduplicate: null,
  knownHandlerTypes: ["command", "prompt", "agent"],
  unsupportedFieldEffect: "fail-run",
  trust: { storeFile: "~/.zerotwo/hooks-trust.json" },
  spill: { defaultLimitTokens: 2500, bytesPerToken: 4 },
});
