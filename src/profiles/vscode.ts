import type { EventSpec, FieldRules, Profile } from "./profile.js";

const commonOutput: FieldRules = {
  supported: ["continue", "stopReason", "systemMessage"],
  notApplied: ["suppressOutput"],
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

// Events that cannot decide: exit 2 is reported (`block_ignored`) and changes nothing.
const observer = { ...base, decisionKind: "none", blockEffect: "none" } as const;

const toolFields = ["tool_name", "tool_input", "tool_use_id"] as const;

const events = {
  PreToolUse: {
    ...base,
    matchField: "tool_name",
    // `if` only comes from Claude-format handlers, whose rules are honoured like their matchers.
    supportsIf: true,
    decisionKind: "permission",
    blockEffect: "decide",
    plainStdout: "ignored",
    specificFields: {
      supported: [
        "permissionDecision",
        "permissionDecisionReason",
        "additionalContext",
        "updatedInput",
      ],
      notApplied: [],
    },
    // Claude's deprecated top-level form: a block still denies, an approve never allows.
    legacyDecisions: { block: "deny", approve: "unsupported" },
    payloadFields: toolFields,
  },
  PostToolUse: {
    ...base,
    matchField: "tool_name",
    supportsIf: true,
    decisionKind: "block",
    blockEffect: "decide",
    plainStdout: "ignored",
    specificFields: contextOnly,
    payloadFields: [...toolFields, "tool_response"],
  },
  // Common output only; plain stdout is context, as Claude Code treats it.
  UserPromptSubmit: {
    ...base,
    matchField: null,
    decisionKind: "block",
    blockEffect: "decide",
    plainStdout: "context",
    resetsContinuations: true,
    payloadFields: ["prompt"],
  },
  SessionStart: {
    ...observer,
    matchField: "source",
    plainStdout: "context",
    specificFields: contextOnly,
    payloadFields: ["source"],
  },
  // The block lives in hookSpecificOutput.decision / reason; a subagent's Stop is a SubagentStop.
  Stop: {
    ...base,
    matchField: null,
    decisionKind: "block",
    blockEffect: "decide",
    blockFields: "specific",
    subagentEvent: "SubagentStop",
    plainStdout: "ignored",
    countsContinuations: true,
    payloadFields: ["stop_hook_active"],
  },
  SubagentStart: {
    ...observer,
    matchField: "agent_type",
    plainStdout: "ignored",
    specificFields: contextOnly,
    payloadFields: ["agent_id", "agent_type"],
  },
  SubagentStop: {
    ...base,
    matchField: "agent_type",
    decisionKind: "block",
    blockEffect: "decide",
    plainStdout: "ignored",
    payloadFields: ["agent_id", "agent_type", "stop_hook_active"],
  },
  PreCompact: {
    ...observer,
    matchField: "trigger",
    plainStdout: "ignored",
    payloadFields: ["trigger"],
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
export const vscodeProfile = {
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
  matcherSyntax: "deepagents",
  toolNameField: "tool_name",
  toolNameAliases: {},
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
  updatedInputDecisions: ["allow", "ask"],
  updatedInputNeedsSchema: true,
  updatedInputWithDeny: "drop-rewrite",
  shell: "sh",
  projectDirectoryVariables: [],
  timestampField: "timestamp",
  payloadDefaults: { transcript_path: null },
  defaultTimeoutSeconds: 30,
  messageLimitCharacters: 10_000,
  captureLimitBytes: 1024 * 1024,
  killGraceMs: 1000,
  continuationCap: null,
  // As Claude Code: identical commands across hook files run once, the workspace's copy first.
  deduplicate: { layerPrecedence: ["local", "project", "user"], separateLayerPrefixes: [] },
  knownHandlerTypes: ["command", "prompt", "agent", "http", "mcp_tool"],
  unsupportedFieldEffect: "diagnostic",
  trust: null,
  spill: null,
} as const satisfies Profile;
