import { defineProfile } from "./define-profile.js";
import {
  baseEvent,
  blockingEvent,
  claudeHandlerTypes,
  contextOnly,
  observerEvent,
  permissionEvent,
  permissionRequestEvent,
  subagentStartEvent,
  toolEvent,
} from "./event-presets.js";
import type { EventSpec } from "./profile.js";

const stopExtras = ["last_assistant_message", "background_tasks", "session_crons"] as const;

const events = {
  SessionStart: {
    ...observerEvent,
    matchField: "source",
    specificFields: contextOnly,
    payload: { required: ["source"], optional: ["model", "agent_type", "session_title"] },
  },
  SessionEnd: {
    ...observerEvent,
    matchField: "reason",
    payload: { required: ["reason"], optional: [] },
  },
  PermissionRequest: permissionRequestEvent,
  Notification: {
    ...observerEvent,
    matchField: "notification_type",
    payload: { required: ["message", "notification_type"], optional: ["title"] },
  },
  PreToolUse: {
    ...permissionEvent,
    ...toolEvent,
    specificFields: {
      supported: ["permissionDecision", "permissionDecisionReason", "additionalContext"],
      notApplied: ["updatedInput", "defer"],
    },
    legacyDecisions: { approve: "allow", block: "deny" },
    payload: { required: ["tool_name", "tool_input"], optional: ["tool_use_id"] },
  },
  // A block is feedback for the model: the tool already ran.
  PostToolUse: {
    ...observerEvent,
    ...toolEvent,
    blockEffect: "feedback",
    specificFields: { supported: ["additionalContext"], notApplied: ["updatedToolOutput"] },
    payload: {
      required: ["tool_name", "tool_input", "tool_response"],
      optional: ["tool_use_id", "duration_ms"],
    },
  },
  Stop: {
    ...blockingEvent,
    matchField: null,
    countsContinuations: true,
    payload: { required: ["stop_hook_active"], optional: stopExtras },
  },
  SubagentStart: subagentStartEvent,
  SubagentStop: {
    ...baseEvent,
    matchField: "agent_type",
    decisionKind: "none",
    blockEffect: "unsupported",
    plainStdout: "ignored",
    specificFields: contextOnly,
    payload: {
      required: ["stop_hook_active", "agent_id", "agent_type"],
      optional: ["agent_transcript_path", ...stopExtras],
    },
  },
  // Deep Agents Code runs no hooks on a user prompt; the host dispatches it to start a new turn.
  UserPromptSubmit: {
    ...observerEvent,
    matchField: null,
    configurable: false,
    resetsContinuations: true,
    payload: { required: ["prompt"], optional: [] },
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
export const deepagentsProfile = defineProfile({
  name: "deepagents",
  title: "Deep Agents Code",
  discovery: "locations",
  configLocations: [{ layer: "user", path: "~/.deepagents/hooks.json", dialect: "deepagents" }],
  events,
  matcherSyntax: "names-or-regex",
  toolNameAliases: {
    execute: "Bash",
    write_file: "Write",
    edit_file: "Edit",
    read_file: "Read",
    ls: "LS",
    glob: "Glob",
    grep: "Grep",
  },
  commandTools: ["Bash"],
  updatedInputDecisions: ["allow"],
  commonPayload: {
    required: ["session_id", "cwd"],
    optional: ["transcript_path", "prompt_id", "permission_mode", "effort"],
  },
  defaultTimeoutSeconds: 600,
  continuationCap: 8,
  // As Claude Code, whose hook format it shares: an identical command runs once per event.
  deduplicate: { layerPrecedence: ["user"], separateLayerPrefixes: [] },
  knownHandlerTypes: claudeHandlerTypes,
});
