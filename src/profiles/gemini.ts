import { defineProfile } from "./define-profile.js";
import { baseEvent, blockingEvent, contextOnly, observerEvent } from "./event-presets.js";
import type { EventSpec, FieldRules, OutputFieldMapping } from "./profile.js";

// Facts from Gemini CLI 0.61.0 (@google/gemini-cli, its bundled @google/gemini-cli-core):
// hooks/types.ts, hookRunner.ts, hookAggregator.ts, hookPlanner.ts, hookEventHandler.ts,
// hookRegistry.ts, hookSystem.ts, core/geminiChat.ts, config/settingsSchema.ts and
// config/trustedFolders.ts (in the package, bundle/chunk-JDPZ4CE3.js, which bundle/gemini.js
// loads), checked against https://geminicli.com/docs/hooks/reference and with the real binary
// (conformance/gemini/).

/**
 * Every event takes the four common fields. Gemini CLI's interactive UI shows each hook's own
 * `systemMessage` on every event (hookEventHandler's logHookExecution, before the event's merge);
 * `suppressOutput` quiets only a debug log line, not that message.
 */
const commonOutput = {
  supported: ["continue", "stopReason", "systemMessage", "suppressOutput"],
  notApplied: [],
} as const satisfies FieldRules;

/**
 * Gemini CLI's top-level `decision` and `reason` on a tool call: `deny` / `block` deny, `ask`
 * asks, `allow` / `approve` allow; `hookSpecificOutput.tool_input` is the rewritten input.
 */
const permissionOutputFields = [
  {
    from: "decision",
    to: "hookSpecificOutput.permissionDecision",
    values: { block: "deny", approve: "allow" },
  },
  { from: "reason", to: "hookSpecificOutput.permissionDecisionReason" },
  { from: "hookSpecificOutput.tool_input", to: "hookSpecificOutput.updatedInput" },
] as const satisfies readonly OutputFieldMapping[];

/** Elsewhere `deny` (like `block`) is the event's block; `allow` and `ask` change nothing. */
const blockOutputFields = [
  { from: "decision", to: "decision", values: { deny: "block" } },
] as const satisfies readonly OutputFieldMapping[];

/**
 * Events whose `decision` is read: exit 2 (or any exit with text) blocks with its text; plain
 * stdout on exit 0 is a `systemMessage` for the user, never model context.
 */
const blocking = {
  ...blockingEvent,
  topLevelFields: commonOutput,
  outputFields: blockOutputFields,
} as const;

/** Events whose output steers nothing: their `decision` and `continue` are parsed and ignored. */
const observer = {
  ...observerEvent,
  topLevelFields: commonOutput,
  honorsContinue: false,
  outputFields: blockOutputFields,
} as const;

/** Matched on a trigger (`source`, `reason`, `trigger`): the whole matcher equals it (`matchesTrigger`). */
const triggerMatcher = { matcherSyntax: "literal-names" } as const;

const toolPayload = ["tool_name", "tool_input"] as const;
const toolOptional = ["mcp_context", "original_request_name"] as const;

const events = {
  BeforeTool: {
    ...baseEvent,
    canonical: "PreToolUse",
    topLevelFields: commonOutput,
    matchField: "tool_name",
    decisionKind: "permission",
    blockEffect: "decide",
    plainStdout: "ignored",
    specificFields: {
      supported: ["permissionDecision", "permissionDecisionReason", "updatedInput"],
      notApplied: [],
    },
    outputFields: permissionOutputFields,
    payload: { required: toolPayload, optional: toolOptional },
  },
  // The tool ran: a block replaces its result with the reason; additionalContext is appended to it.
  AfterTool: {
    ...blocking,
    canonical: "PostToolUse",
    matchField: "tool_name",
    specificFields: { supported: ["additionalContext"], notApplied: ["tailToolCallRequest"] },
    payload: { required: [...toolPayload, "tool_response"], optional: toolOptional },
  },
  // A block refuses the prompt; additionalContext is added to it.
  BeforeAgent: {
    ...blocking,
    canonical: "UserPromptSubmit",
    matchField: null,
    resetsContinuations: true,
    specificFields: contextOnly,
    payload: { required: ["prompt"], optional: [] },
  },
  // A block sends the reason back as a new prompt (the turn goes on), as Claude Code's Stop.
  AfterAgent: {
    ...blocking,
    canonical: "Stop",
    matchField: null,
    countsContinuations: true,
    specificFields: { supported: [], notApplied: ["clearContext"] },
    payload: { required: ["prompt", "prompt_response", "stop_hook_active"], optional: [] },
  },
  PreCompress: {
    ...observer,
    ...triggerMatcher,
    canonical: "PreCompact",
    matchField: "trigger",
    payload: { required: ["trigger"], optional: [] },
  },
  SessionStart: {
    ...observer,
    ...triggerMatcher,
    matchField: "source",
    specificFields: contextOnly,
    payload: { required: ["source"], optional: [] },
  },
  SessionEnd: {
    ...observer,
    ...triggerMatcher,
    matchField: "reason",
    payload: { required: ["reason"], optional: [] },
  },
  // Fired without a matcher context (`fireNotificationEvent`): every hook runs.
  Notification: {
    ...observer,
    canonical: "Notification",
    matchField: null,
    payload: { required: ["notification_type", "message", "details"], optional: [] },
  },
  // A block stops the model call (with `llm_response` as its synthetic answer, not applied here);
  // `continue: false` ends the turn (hookSystem's fireBeforeModelEvent returns `stopped`, and
  // geminiChat throws AgentExecutionStoppedError before the call).
  BeforeModel: {
    ...blocking,
    matchField: null,
    specificFields: { supported: [], notApplied: ["llm_request", "llm_response"] },
    payload: { required: ["llm_request"], optional: [] },
  },
  AfterModel: {
    ...blocking,
    matchField: null,
    specificFields: { supported: [], notApplied: ["llm_response"] },
    payload: { required: ["llm_request", "llm_response"], optional: [] },
  },
  // Its merge keeps only `hookSpecificOutput.toolConfig` (not applied here): no decision, no stop
  // (hookAggregator's mergeToolSelectionOutputs, and the caller never asks shouldStopExecution).
  // Each hook's `systemMessage` is still shown, as on every event (the docs say it is not).
  BeforeToolSelection: {
    ...observer,
    matchField: null,
    specificFields: { supported: [], notApplied: ["toolConfig"] },
    payload: { required: ["llm_request"], optional: [] },
  },
} as const satisfies Record<string, EventSpec>;

/**
 * Gemini CLI 0.61.0 (`@google/gemini-cli`): `hooks` in the settings files
 * (https://geminicli.com/docs/hooks/reference), grouped `{matcher, sequential, hooks: [{type,
 * command, name, timeout, env}]}` under its own event names; tool matchers are unanchored regular
 * expressions over its own tool names (`run_shell_command`), trigger matchers exact strings;
 * timeouts in milliseconds (default 60000); top-level `decision` (`allow`, `deny`, `block`, `ask`,
 * `approve`) and `reason`; exit 2 blocks with stderr; commands run with `bash -c`.
 *
 * Gemini CLI runs no settings hook at all in a folder that is not trusted (folder trust is on by
 * default: `~/.gemini/trustedFolders.json`, or `GEMINI_CLI_TRUST_WORKSPACE`); the engine does not
 * check folder trust, the host does (docs/gemini.md).
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: "gemini", cwd: process.cwd() });
 * await engine.dispatch("BeforeTool", { tool_name: "run_shell_command", tool_input: { command: "ls" } });
 * ```
 */
export const geminiProfile = defineProfile({
  name: "gemini",
  title: "Gemini CLI",
  discovery: "locations",
  // The order settings are merged in (hook lists are concatenated): system defaults, user,
  // workspace, then system settings (`/etc/gemini-cli/` on Linux).
  configLocations: [
    { layer: "system-defaults", path: "/etc/gemini-cli/system-defaults.json", dialect: "gemini" },
    { layer: "user", path: "~/.gemini/settings.json", dialect: "gemini" },
    { layer: "project", path: "<cwd>/.gemini/settings.json", dialect: "gemini" },
    { layer: "system", path: "/etc/gemini-cli/settings.json", dialect: "gemini" },
  ],
  // strip-json-comments, then JSON.parse: comments are allowed.
  configSyntax: "jsonc",
  events,
  matcherSyntax: "regex",
  // A matcher names Gemini CLI's own tools: `Bash` never matches `run_shell_command`.
  toolMatchAliases: {},
  // tools/definitions/base-declarations.ts: Gemini CLI's built-in tools and Claude Code's names.
  canonicalToolNames: {
    run_shell_command: "Bash",
    write_file: "Write",
    replace: "Edit",
    read_file: "Read",
    glob: "Glob",
    grep_search: "Grep",
    web_fetch: "WebFetch",
    google_web_search: "WebSearch",
    write_todos: "TodoWrite",
  },
  timeoutUnit: "milliseconds",
  commandTools: ["run_shell_command"],
  // `tool_input` alone rewrites the call; with an ask it is confirmed, with a deny it is moot.
  updatedInputDecisions: ["allow", "ask"],
  updatedInputWithoutDecision: "apply",
  // hookRunner parses JSON output whatever the exit code (only its success flag differs).
  stdoutJsonExitCodes: "any",
  // AfterAgent passes stop_hook_active: true on the prompts its own blocks send.
  stopHookActiveSource: "host-until-tracked",
  shell: "bash",
  bashFieldShell: "bash",
  // GEMINI_PROJECT_DIR, GEMINI_CWD and CLAUDE_PROJECT_DIR are the session cwd.
  projectDirectoryVariables: ["GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR"],
  // hookRunner.js `expandCommand`: `$GEMINI_PROJECT_DIR/hook.sh` runs in a folder with a space.
  projectDirectoryExpansion: "command-text",
  timestampField: "timestamp",
  commonPayload: {
    required: ["session_id", "transcript_path", "cwd", "timestamp"],
    optional: [],
  },
  // Gemini CLI sends "" when the session has no recording.
  payloadDefaults: { transcript_path: "" },
  defaultTimeoutSeconds: 60,
  // SIGTERM, then SIGKILL 5 s later.
  killGraceMs: 5000,
  // AfterAgent's retries are bounded only by the session's turn limit.
  continuationCap: null,
  // hookPlanner: hooks with the same name and command run once, the first in merge order.
  deduplicate: {
    layerPrecedence: ["system-defaults", "user", "project", "system"],
    separateLayerPrefixes: [],
  },
  knownHandlerTypes: ["command", "plugin", "runtime"],
});
