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

// Facts from OpenAI Codex CLI 0.169.0 (npm `@openai/codex@0.169.0`, its Linux binary): the
// `*.command.input` / `*.command.output` JSON schemas embedded in it (codex-rs `hooks/src/schema.rs`),
// the messages of its output parser (`hooks/src/engine/output_parser.rs`) and its discovery
// (`hooks/src/engine/discovery.rs`); checked with the real binary in conformance/codex/. Where
// Codex's docs (developers.openai.com/codex/hooks) say otherwise, the binary wins: docs/codex.md.

// Codex fails PreToolUse and PermissionRequest for continue: false, a stopReason and
// suppressOutput: true (`… hook returned unsupported continue:false`): the run fails here too.
const toolDecisionOutput = {
  supported: ["systemMessage"],
  notApplied: ["continue", "stopReason", "suppressOutput"],
} as const satisfies FieldRules;
// PostToolUse fails only for suppressOutput: true.
const postToolUseOutput = suppressOutputNotApplied;
// SessionEnd has no output schema: Codex reads nothing a SessionEnd hook prints.
const noOutput = { supported: [], notApplied: [] } as const satisfies FieldRules;

const blocking = { ...baseEvent, decisionKind: "block", blockEffect: "decide" } as const;

// Turn-scoped events carry the turn and the permission mode (`turn_id` is "a Codex extension").
const turnFields = ["turn_id", "permission_mode"] as const;
// A subagent's tool and compaction events name it.
const subagentFields = ["agent_id", "agent_type"] as const;
const compaction = {
  ...observerEvent,
  matchField: "trigger",
  payload: { required: ["trigger", "turn_id"], optional: subagentFields },
} as const;

const events = {
  SessionStart: {
    ...observerEvent,
    matchField: "source",
    plainStdout: "context",
    specificFields: contextOnly,
    payload: { required: ["source", "permission_mode"], optional: [] },
  },
  // New in 0.169 (session-end.command.input): `reason` is always "other"; no output is read.
  SessionEnd: {
    ...observerEvent,
    matchField: "reason",
    honorsContinue: false,
    topLevelFields: noOutput,
    payload: { required: ["reason"], optional: [] },
  },
  SubagentStart: {
    ...observerEvent,
    matchField: "agent_type",
    plainStdout: "context",
    honorsContinue: false,
    specificFields: contextOnly,
    payload: { required: ["agent_id", "agent_type", ...turnFields], optional: [] },
  },
  PreToolUse: {
    ...permissionEvent,
    matchField: "tool_name",
    topLevelFields: toolDecisionOutput,
    specificFields: permissionDecisionFields,
    // The schema takes allow, deny and ask; the parser fails ask (`unsupported permissionDecision:ask`).
    permissionDecisions: {
      allow: "apply",
      deny: "apply",
      ask: "unsupported",
      defer: "unsupported",
    },
    legacyDecisions: { block: "deny", approve: "unsupported" },
    payload: {
      required: ["tool_name", "tool_input", "tool_use_id", ...turnFields],
      optional: subagentFields,
    },
  },
  PermissionRequest: {
    ...baseEvent,
    matchField: "tool_name",
    decisionKind: "permission-request",
    blockEffect: "decide",
    plainStdout: "ignored",
    topLevelFields: toolDecisionOutput,
    specificFields: { supported: ["decision"], notApplied: [] },
    // "Reserved for a future input-rewrite capability. PermissionRequest hooks currently fail
    // closed if this field is present" (the schema's own words).
    failClosedFields: ["updatedInput", "updatedPermissions", "interrupt"],
    payload: { required: ["tool_name", "tool_input", ...turnFields], optional: subagentFields },
  },
  PostToolUse: {
    ...blocking,
    matchField: "tool_name",
    plainStdout: "ignored",
    topLevelFields: postToolUseOutput,
    specificFields: { supported: ["additionalContext"], notApplied: ["updatedMCPToolOutput"] },
    payload: {
      required: ["tool_name", "tool_input", "tool_response", "tool_use_id", ...turnFields],
      optional: subagentFields,
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
    payload: { required: ["prompt", ...turnFields], optional: [] },
  },
  SubagentStop: {
    ...blocking,
    matchField: "agent_type",
    plainStdout: "invalid",
    payload: {
      required: [
        "agent_id",
        "agent_type",
        "agent_transcript_path",
        "last_assistant_message",
        "stop_hook_active",
        ...turnFields,
      ],
      optional: [],
    },
  },
  Stop: {
    ...blocking,
    matchField: null,
    plainStdout: "invalid",
    countsContinuations: true,
    payload: {
      required: ["stop_hook_active", "last_assistant_message", ...turnFields],
      optional: [],
    },
  },
  // New in 0.169 (interrupt.command.input/output): the user interrupted a turn; the output schema
  // takes only systemMessage. Claude Code has no such event.
  Interrupt: {
    ...observerEvent,
    matchField: null,
    honorsContinue: false,
    topLevelFields: { supported: ["systemMessage"], notApplied: [] },
    payload: { required: turnFields, optional: [] },
  },
} as const satisfies Record<string, EventSpec>;

/**
 * OpenAI Codex CLI 0.169.0's hook system, as the binary runs it: `hooks.json` and `config.toml`
 * `[hooks]` tables of the system (`/etc/codex`, managed), user (`~/.codex`) and project
 * (`<repo>/.codex`, loaded only when `config.toml` has `[projects."<repo>"] trust_level =
 * "trusted"`) layers, `requirements.toml` managed hooks; twelve events (SessionEnd and Interrupt
 * new in 0.169); matchers read as exact names when they hold only letters, digits, `_` and `|`
 * (`*` or empty: every tool), else as an unanchored regex; timeouts in seconds (`timeout`; the docs'
 * alias `timeoutSec` is not read by the binary; default 600); the shell tools seen as `Bash` and `apply_patch` also matched as
 * `Edit` and `Write`. Non-managed hooks run only once reviewed and trusted (Codex keeps that in
 * `config.toml` `[hooks.state]`; agent-hooks in its own store, docs/codex.md). Sources:
 * developers.openai.com/codex/hooks; `@openai/codex@0.169.0`.
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: "codex", cwd: process.cwd() });
 * ```
 */
export const codexProfile = defineProfile({
  name: "codex",
  title: "Codex",
  discovery: "layered-walk",
  configLocations: listLayeredConfigLocations(
    { system: "/etc/codex", user: "~/.codex", project: "<project>/.codex" },
    "codex",
  ),
  events,
  matcherSyntax: "names-or-regex",
  // Codex's hook payloads already say Bash for its shell tools (codex-rs core/src/tools/hook_names.rs).
  toolNameAliases: codexShellToolNameAliases,
  // One Codex tool is two Claude Code tools, so it is a match alias, not a canonicalToolNames row.
  toolMatchAliases: { apply_patch: ["Edit", "Write"] },
  timeoutUnit: "seconds",
  commandTools: ["Bash", "apply_patch"],
  updatedInputDecisions: ["allow"],
  // `PreToolUse hook returned updatedInput without permissionDecision:allow`: the hook fails.
  updatedInputWithDeny: "fail-run",
  commonPayload: { required: ["session_id", "cwd", "transcript_path"], optional: ["model"] },
  payloadDefaults: { transcript_path: null },
  // `timeout_sec.unwrap_or(600).max(1)`.
  defaultTimeoutSeconds: 600,
  // "Matching hooks from multiple files all run."
  deduplicate: null,
  // Prompt and agent handlers are skipped with a warning ("not supported yet"); 0.169 also has
  // an `mcp_tool` handler (HookHandlerConfig::McpTool), which this profile does not run.
  knownHandlerTypes: ["command", "prompt", "agent", "mcp_tool"],
  unsupportedFieldEffect: "fail-run",
  // Every output schema is `additionalProperties: false`; the parser's rules in its own words:
  // `permissionDecision:deny without a non-empty permissionDecisionReason`, `decision:block
  // without a non-empty reason`, `unsupported permissionDecision:allow` (without updatedInput),
  // `reason without decision`, `exited with code 2 but did not write a blocking reason to stderr`.
  strictOutput: {
    closedSchema: true,
    inertValuesAccepted: true,
    reasonRequired: true,
    rewriteOnlyDecisions: ["allow"],
    reasonNeedsDecision: true,
  },
  trust: { storeFile: "~/.codex/agent-hooks-trust.json" },
});
