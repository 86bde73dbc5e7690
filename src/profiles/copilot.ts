import { defineProfile } from "./define-profile.js";
import { blockingEvent, observerEvent, permissionEvent } from "./event-presets.js";
import type { EventSpec, FieldRules, OutputFieldMapping } from "./profile.js";

// Facts: docs.github.com/en/copilot/reference/hooks-reference and
// docs.github.com/en/copilot/reference/copilot-cli-reference/cli-hooks-reference (GitHub Copilot
// CLI 1.0.x, 2026). Payloads are camelCase (`toolName`, `toolArgs`, `toolResult`); replies are
// top-level fields, read through each event's `outputFields`.

const noFields = { supported: [], notApplied: [] } as const satisfies FieldRules;
const contextOnly = { supported: ["additionalContext"], notApplied: [] } as const;

/** `additionalContext` at the top level is context for the model. */
const contextOutput = [
  { from: "additionalContext", to: "hookSpecificOutput.additionalContext" },
] as const satisfies readonly OutputFieldMapping[];

/**
 * An event whose output is ignored and whose failing exits (2 included) are logged and skipped.
 */
const observer = {
  ...observerEvent,
  honorsContinue: false,
  topLevelFields: noFields,
  matchField: null,
  exitTwo: "failure",
} as const;

/** `agentStop` / `subagentStop`: `decision: "block"` with a `reason` forces another turn. */
const stop = {
  ...blockingEvent,
  matchField: null,
  honorsContinue: false,
  topLevelFields: noFields,
  countsContinuations: true,
  // Exit 2 is not a block here: only the JSON decision is.
  exitTwo: "failure",
} as const;

const events = {
  sessionStart: {
    ...observer,
    canonical: "SessionStart",
    payload: { required: ["source"], optional: ["initialPrompt"] },
  },
  sessionEnd: {
    ...observer,
    canonical: "SessionEnd",
    payload: { required: ["reason"], optional: [] },
  },
  // The prompt cannot be refused: the hook observes it.
  userPromptSubmitted: {
    ...observer,
    canonical: "UserPromptSubmit",
    resetsContinuations: true,
    payload: { required: ["prompt"], optional: [] },
  },
  preToolUse: {
    // `permissionDecision` allow / deny / ask with `permissionDecisionReason`; `modifiedArgs`
    // replaces the tool's arguments. Exit 2 is a failing exit like any other: it denies nothing.
    ...permissionEvent,
    canonical: "PreToolUse",
    // A top-level `decision` is not how this agent answers: recognized, not applied.
    legacyDecisions: { approve: "unsupported", block: "unsupported" },
    matchField: "toolName",
    honorsContinue: false,
    exitTwo: "failure",
    blockEffect: "none",
    topLevelFields: noFields,
    specificFields: {
      supported: ["permissionDecision", "permissionDecisionReason", "updatedInput"],
      notApplied: [],
    },
    outputFields: [
      { from: "permissionDecision", to: "hookSpecificOutput.permissionDecision" },
      { from: "permissionDecisionReason", to: "hookSpecificOutput.permissionDecisionReason" },
      { from: "modifiedArgs", to: "hookSpecificOutput.updatedInput" },
    ],
    payload: { required: ["toolName", "toolArgs"], optional: [] },
  },
  postToolUse: {
    ...observer,
    canonical: "PostToolUse",
    matchField: "toolName",
    payload: { required: ["toolName", "toolArgs", "toolResult"], optional: [] },
  },
  postToolUseFailure: {
    // Exit 2 gives the model its stderr as guidance; `additionalContext` is context.
    ...observer,
    canonical: "PostToolUseFailure",
    matchField: "toolName",
    blockEffect: "feedback",
    exitTwo: "block",
    specificFields: contextOnly,
    outputFields: contextOutput,
    payload: { required: ["toolName", "toolArgs"], optional: ["error"] },
  },
  permissionRequest: {
    // `behavior` allow / deny with a `message`, before the permission service runs; exit 2
    // denies (its stdout merged with `behavior: "deny"`).
    ...permissionEvent,
    canonical: "PermissionRequest",
    // A top-level `decision` is not how this agent answers: recognized, not applied.
    legacyDecisions: { approve: "unsupported", block: "unsupported" },
    matchField: "toolName",
    honorsContinue: false,
    topLevelFields: noFields,
    specificFields: {
      supported: ["permissionDecision", "permissionDecisionReason"],
      notApplied: [],
    },
    permissionDecisions: { allow: "apply", deny: "apply" },
    outputFields: [
      { from: "behavior", to: "hookSpecificOutput.permissionDecision" },
      { from: "message", to: "hookSpecificOutput.permissionDecisionReason" },
    ],
    payload: { required: ["toolName", "toolArgs"], optional: [] },
  },
  notification: {
    // Fire and forget; its matcher tests the notification type.
    ...observer,
    canonical: "Notification",
    matchField: "notification_type",
    specificFields: contextOnly,
    outputFields: contextOutput,
    payload: { required: ["notification_type"], optional: ["message"] },
  },
  agentStop: {
    ...stop,
    canonical: "Stop",
    payload: { required: [], optional: [] },
  },
  subagentStart: {
    ...observer,
    canonical: "SubagentStart",
    specificFields: contextOnly,
    outputFields: contextOutput,
    payload: { required: ["agentName"], optional: [] },
  },
  subagentStop: {
    ...stop,
    canonical: "SubagentStop",
    payload: { required: ["agentName"], optional: [] },
  },
  preCompact: {
    ...observer,
    canonical: "PreCompact",
    payload: { required: [], optional: ["trigger"] },
  },
  errorOccurred: {
    ...observer,
    canonical: "ErrorOccurred",
    payload: { required: ["error"], optional: [] },
  },
} as const satisfies Record<string, EventSpec>;

/**
 * GitHub Copilot CLI (docs.github.com/en/copilot/reference/hooks-reference, Copilot CLI 1.0.x,
 * 2026): `version: 1` hook files with flat entries per camelCase event (`type`, `bash`,
 * `powershell`, `cwd`, `env`, `timeoutSec`, `matcher`), from `~/.copilot/hooks/*.json`, the
 * `hooks` of `~/.copilot/settings.json`, the repository root's `.github/hooks/*.json` and the `hooks`
 * of `.github/copilot/settings.json` / `settings.local.json`; every entry of every source runs.
 * A failing exit is logged and skipped, exit 2 included, except on `permissionRequest` (deny) and
 * `postToolUseFailure` (stderr as guidance). Timeouts in seconds, default 30.
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: "copilot", cwd: repositoryRoot });
 * await engine.dispatch("preToolUse", { toolName: "bash", toolArgs: { command: "git push" } });
 * ```
 */
export const copilotProfile = defineProfile({
  name: "copilot",
  title: "Copilot CLI",
  discovery: "locations",
  configLocations: [
    { layer: "user", path: "~/.copilot/hooks/*.json", dialect: "copilot" },
    { layer: "user", path: "~/.copilot/settings.json", dialect: "copilot" },
    { layer: "project", path: "<project>/.github/hooks/*.json", dialect: "copilot" },
    { layer: "project", path: "<project>/.github/copilot/settings.json", dialect: "copilot" },
    { layer: "local", path: "<project>/.github/copilot/settings.local.json", dialect: "copilot" },
  ],
  events,
  matcherSyntax: "regex",
  toolNameField: "toolName",
  // "Tool names for hook matching"; `powershell` is its Windows shell; `ask_user` keeps its name.
  canonicalToolNames: {
    bash: "Bash",
    powershell: "PowerShell",
    create: "Write",
    edit: "Edit",
    view: "Read",
    glob: "Glob",
    grep: "Grep",
    web_fetch: "WebFetch",
    task: "Agent",
  },
  timeoutUnit: "seconds",
  commandTools: ["bash", "powershell"],
  updatedInputWithoutDecision: "apply",
  shell: "bash",
  // Copilot CLI also sends `timestamp`, in Unix milliseconds (the schemas' `timestamp` is ISO text).
  commonPayload: { required: ["cwd"], optional: ["sessionId", "transcriptPath"] },
  defaultTimeoutSeconds: 30,
  knownHandlerTypes: ["command", "prompt"],
});
