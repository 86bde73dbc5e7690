import { defineProfile } from "./define-profile.js";
import {
  baseEvent,
  blockingEvent,
  claudeHandlerTypes,
  contextOnly,
  permissionDecisionFields,
  permissionEvent,
  suppressOutputNotApplied,
  toolEvent,
} from "./event-presets.js";
import type { EventSpec } from "./profile.js";

// suppressOutput is recognized but not applied on every event.
const commonOutput = suppressOutputNotApplied;

const base = { ...baseEvent, topLevelFields: commonOutput } as const;
const blocking = { ...blockingEvent, topLevelFields: commonOutput } as const;

// Events that cannot decide: exit 2 is reported (`block_ignored`) and changes nothing.
const observer = { ...base, decisionKind: "none", blockEffect: "none" } as const;

const events = {
  PreToolUse: {
    ...permissionEvent,
    // `if` only comes from Claude-format handlers, whose rules are honoured like their matchers.
    ...toolEvent,
    topLevelFields: commonOutput,
    specificFields: permissionDecisionFields,
    // Claude's deprecated top-level form: a block still denies, an approve never allows.
    legacyDecisions: { block: "deny", approve: "unsupported" },
    payload: { required: ["tool_name", "tool_input"], optional: ["tool_use_id"] },
  },
  PostToolUse: {
    ...blocking,
    ...toolEvent,
    specificFields: contextOnly,
    payload: { required: ["tool_name", "tool_input", "tool_response"], optional: ["tool_use_id"] },
  },
  // Common output only; plain stdout is context, as Claude Code treats it.
  UserPromptSubmit: {
    ...blocking,
    matchField: null,
    plainStdout: "context",
    resetsContinuations: true,
    payload: { required: ["prompt"], optional: [] },
  },
  SessionStart: {
    ...observer,
    matchField: "source",
    plainStdout: "context",
    specificFields: contextOnly,
    payload: { required: ["source"], optional: [] },
  },
  // The block lives in hookSpecificOutput.decision / reason; a subagent's Stop is a SubagentStop.
  Stop: {
    ...blocking,
    matchField: null,
    blockFields: "specific",
    subagentEvent: "SubagentStop",
    countsContinuations: true,
    payload: { required: ["stop_hook_active"], optional: [] },
  },
  SubagentStart: {
    ...observer,
    matchField: "agent_type",
    plainStdout: "ignored",
    specificFields: contextOnly,
    payload: { required: ["agent_id", "agent_type"], optional: [] },
  },
  SubagentStop: {
    ...blocking,
    matchField: "agent_type",
    payload: { required: ["agent_id", "agent_type", "stop_hook_active"], optional: [] },
  },
  PreCompact: {
    ...observer,
    matchField: "trigger",
    plainStdout: "ignored",
    payload: { required: ["trigger"], optional: [] },
  },
} as const satisfies Record<string, EventSpec>;

/**
 * The VS Code Local harness: `.github/hooks/*.json`, `~/.copilot/hooks/*.json` and Claude
 * settings files, in the Local, Copilot CLI or Claude format; deny > ask > allow; a rewrite
 * (`updatedInput`) only when it matches the tool's input schema.
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: "vscode", cwd: workspaceFolder });
 * await engine.dispatch("PreToolUse", payload, { toolInputSchema: tool.inputSchema });
 * ```
 */
export const vscodeProfile = defineProfile({
  name: "vscode",
  title: "VS Code (Local harness)",
  discovery: "locations",
  configLocations: [
    { layer: "project", path: "<cwd>/.github/hooks/*.json", dialect: "vscode" },
    { layer: "user", path: "~/.copilot/hooks/*.json", dialect: "vscode" },
    { layer: "project", path: "<cwd>/.claude/settings.json", dialect: "vscode" },
    { layer: "local", path: "<cwd>/.claude/settings.local.json", dialect: "vscode" },
    { layer: "user", path: "~/.claude/settings.json", dialect: "vscode" },
  ],
  configSyntax: "jsonc",
  events,
  matcherSyntax: "names-or-regex",
  // Claude-format matchers name Claude's tools; these Local tools also answer to them.
  toolMatchAliases: {
    run_in_terminal: ["Bash"],
    create_file: ["Write"],
    replace_string_in_file: ["Edit"],
    multi_replace_string_in_file: ["Edit", "MultiEdit"],
    insert_edit_into_file: ["Edit"],
    apply_patch: ["Edit"],
    editFiles: ["Edit", "Write"],
    read_file: ["Read"],
    list_dir: ["LS"],
    file_search: ["Glob"],
    grep_search: ["Grep"],
    fetch_webpage: ["WebFetch"],
  },
  commandTools: ["run_in_terminal"],
  updatedInputNeedsSchema: true,
  timestampField: "timestamp",
  // transcript_path and timestamp are always there: the engine fills them when the host does not.
  commonPayload: { required: ["session_id", "cwd", "transcript_path", "timestamp"], optional: [] },
  payloadDefaults: { transcript_path: null },
  defaultTimeoutSeconds: 30,
  // As Claude Code: identical commands across hook files run once, the workspace's copy first.
  deduplicate: { layerPrecedence: ["local", "project", "user"], separateLayerPrefixes: [] },
  knownHandlerTypes: claudeHandlerTypes,
});
