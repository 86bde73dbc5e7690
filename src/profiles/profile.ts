/**
 * How an event's handlers can decide:
 * - `permission`: `hookSpecificOutput.permissionDecision` allow / deny / ask (PreToolUse);
 * - `permission-request`: `hookSpecificOutput.decision.behavior` allow / deny (PermissionRequest);
 * - `block`: top-level `decision: "block"` (Stop keeps the turn going; elsewhere it blocks);
 * - `none`: the event cannot decide.
 */
export type DecisionKind = "permission" | "permission-request" | "block" | "none";

/**
 * What exit code 2 or a block does for an event:
 * - `decide`: it is the event's blocking decision (deny, or block);
 * - `feedback`: the reason is fed to the model as context, with a `block_ignored` diagnostic;
 * - `unsupported`: the reason is kept as context, with an `unsupported_field` diagnostic;
 * - `none`: the event cannot block; stderr is reported in a `block_ignored` diagnostic.
 */
export type BlockEffect = "decide" | "feedback" | "unsupported" | "none";

/**
 * What plain (non-JSON) stdout on exit 0 means: ignored, model context, an invalid run, or the
 * value of the event's `plainStdoutField` output field (WorktreeCreate's path).
 */
export type PlainStdout = "ignored" | "context" | "invalid" | "output";

/** What an event's matcher is tested on: the match field's value, or its last path segment. */
export type MatchOn = "value" | "basename";

/** Payloads an event cannot block: those whose string `field` is one of `values`. */
export interface UnblockablePayloads {
  field: string;
  values: readonly string[];
}

/** Output fields an event applies, and fields it recognizes without applying. */
export interface FieldRules {
  supported: readonly string[];
  /** Recognized but not applied: an `unsupported_field` diagnostic (and a failed run where the profile says so). */
  notApplied: readonly string[];
}

/** One event of a profile: how it matches, blocks and which output fields it reads. */
export interface EventSpec {
  /**
   * The Claude Code event this one is (Gemini CLI's `BeforeTool` is `PreToolUse`), where the
   * profile names events its own way; convert and the shim translate through it. Absent: the
   * event's own name, or no counterpart when Claude Code has no event of that name.
   */
  canonical?: string;
  /**
   * The tools an event stands for, by their Claude Code names (`mcp__.*`: every MCP tool), where
   * the agent has an event for some tools' calls only (Cursor's `beforeShellExecution` is a
   * `PreToolUse` of `Bash`); convert and the shim read such an event as `canonical` on these tools.
   * Absent: the event is not tied to particular tools.
   */
  tools?: readonly string[];
  /**
   * The payload field the matcher reads, or null when the event does not support matchers: any
   * configured matcher, even one that would not compile, is then ignored (`matcher_ignored`).
   */
  matchField: string | null;
  /**
   * What the matcher is tested on: the match field's value (default) or its last path segment
   * (`basename`: Claude Code's FileChanged matchers name files, its payload has the full path).
   */
  matchOn?: MatchOn;
  /** Whether handlers of this event may carry an `if` permission-rule predicate. */
  supportsIf: boolean;
  decisionKind: DecisionKind;
  blockEffect: BlockEffect;
  /**
   * Payloads this event cannot block although it blocks otherwise (Claude Code's ConfigChange
   * with `source: "policy_settings"`): a block of one is what `blockEffect: "none"` does.
   */
  unblockable?: UnblockablePayloads;
  plainStdout: PlainStdout;
  /** Whether hooks can be configured for the event (false: the host dispatches it only to mark state). */
  configurable: boolean;
  /** Whether dispatching this event resets the consecutive-continuation count. */
  resetsContinuations: boolean;
  /** Whether a block of this event is a continuation counted against the cap (Stop). */
  countsContinuations: boolean;
  /** Whether `continue: false` stops anything for this event (otherwise parsed and ignored). */
  honorsContinue: boolean;
  /**
   * Whether the event's decision stands beside `continue: false` (Claude Code's PreToolUse: a deny
   * still denies the call, then the turn ends); absent or false: `continue: false` drops it.
   */
  continueKeepsDecision?: boolean;
  /** Top-level output fields beside `decision` / `reason` (`continue`, `stopReason`, …). */
  topLevelFields: FieldRules;
  /** `hookSpecificOutput` fields. */
  specificFields: FieldRules;
  /** Legacy top-level `decision` values and what they mean here (`unsupported`: not applied). */
  legacyDecisions: Readonly<Partial<Record<"approve" | "block", "allow" | "deny" | "unsupported">>>;
  /** What each `permissionDecision` value does (default: `defaultPermissionDecisions`). */
  permissionDecisions?: Readonly<Record<string, "apply" | "unsupported">>;
  /** `hookSpecificOutput` or decision fields that are reserved: returning one denies (fails closed). */
  failClosedFields: readonly string[];
  /** Where a block lives: top-level `decision` / `reason` (default) or inside `hookSpecificOutput`. */
  blockFields?: "top-level" | "specific";
  /**
   * Fields read inside `hookSpecificOutput.decision` beside `behavior` and `message`
   * (PermissionRequest): `updatedInput` is the rewrite, other supported names are event output
   * fields. Without it, nested fields listed in `specificFields.notApplied` are reported.
   */
  decisionFields?: FieldRules;
  /** The event output field plain stdout fills where `plainStdout` is `output`. */
  plainStdoutField?: string;
  /**
   * What a non-zero exit other than 2 does: a non-blocking error (default), or the event's block
   * like exit 2 (WorktreeCreate: any failure aborts the creation).
   */
  failedExit?: "error" | "block";
  /**
   * What exit 2 does: the event's block, as `blockEffect` says (default), or a failing exit like
   * any other non-zero code (`failure`: Copilot CLI logs and skips a hook that exits 2 on events
   * where its docs give exit 2 no meaning; a JSON block still decides).
   */
  exitTwo?: "block" | "failure";
  /** The event this one is dispatched as when the host runs it for a subagent (`Stop` → `SubagentStop`). */
  subagentEvent?: string;
  /** How this event's matchers are read, overriding the profile's `matcherSyntax` (FileChanged: `literal-names`). */
  matcherSyntax?: "names-or-regex" | "regex" | "literal-names";
  /** Handler types that do not run on this event (Claude Code: no `http` on SessionStart and Setup). */
  unsupportedHandlerTypes?: readonly string[];
  /** Default handler timeout for this event, overriding the profile's. */
  defaultTimeoutSeconds?: number;
  /** Longest timeout allowed; a longer one is clamped with a warning. */
  maxTimeoutSeconds?: number;
  /**
   * Whether each command run of this event gets an environment file (its path in the profile's
   * `environmentFileVariable`) whose `export` lines come back in the result's `environment`.
   */
  environmentFile?: boolean;
  /**
   * Milliseconds all of this event's handlers get at most (Claude Code's SessionEnd: 1500): each
   * handler's timeout is the smaller of its own and this budget.
   */
  budgetMs?: number;
  /** An environment variable (read from the engine's `env`) that sets `budgetMs` instead, in milliseconds. */
  budgetVariable?: string;
  /**
   * A handler whose own timeout is longer than the budget raises the event's budget to it, up to
   * this many milliseconds (Claude Code: 60 s); without it, no timeout raises the budget.
   */
  budgetMaxMs?: number;
  /** Layer-name prefixes (`plugin:`) whose handlers' timeouts never raise the budget. */
  budgetFixedLayerPrefixes?: readonly string[];
  /**
   * Output fields the agent's hooks spell their own way, each read as the engine's field before
   * the rules above apply (Cursor's `permission` is `hookSpecificOutput.permissionDecision`).
   */
  outputFields?: readonly OutputFieldMapping[];
  /**
   * The event's own payload fields, beside the profile's `commonPayload`: the event input schemas
   * (and so the SDK's types and `schemas/`) are derived from them; the pipeline does not read them.
   */
  payload?: PayloadFields;
}

/**
 * One output field an agent names its own way: `from` and `to` are a top-level field or
 * `hookSpecificOutput.<field>`; `values` renames the values the agent spells its own way (Gemini
 * CLI's `block` for `deny`), others are kept as they are. With `to` equal to `from`, the field
 * stays and only its values are renamed.
 */
export interface OutputFieldMapping {
  from: string;
  to: string;
  values?: Readonly<Record<string, string>>;
  /**
   * Fields the agent's field also means when its value is present and not an empty string, set
   * where the output has none of its own (Cursor's `followup_message` is a `decision: "block"`
   * whose `reason` it is).
   */
  implies?: Readonly<Record<string, string>>;
}

/** Payload fields: those the host always sends, and those it sends when available. */
export interface PayloadFields {
  required: readonly string[];
  optional: readonly string[];
}

/**
 * Where a profile looks for configuration; `~` is the engine's home, `<cwd>` the session cwd; a
 * `*` in the last segment (`hooks/*.json`) reads every matching file, sorted by name.
 */
export interface ConfigLocation {
  layer: string;
  path: string;
  dialect: string;
}

/** Where oversized `additionalContext` is spilled to disk instead of sent whole. */
export interface SpillRules {
  /** Default threshold per handler, in tokens; a handler's `additionalContextLimit` overrides it. */
  defaultLimitTokens: number;
  bytesPerToken: number;
}

/**
 * How identical handlers selected for one dispatch are merged: the same command (string or argv,
 * compared exactly), working directory and environment run once.
 */
export interface DeduplicationRules {
  /**
   * Layers from the highest precedence down: of identical handlers, the copy in the highest
   * layer runs, with its own timeout; a layer not listed ranks below every listed one, and copies
   * of one rank keep configuration order (the first runs).
   */
  layerPrecedence: readonly string[];
  /** Layer-name prefixes (`plugin:`) whose handlers are merged only with copies from the same layer. */
  separateLayerPrefixes: readonly string[];
}

/**
 * Credentials kept out of handlers' environments when the engine's `env` sets `variable` to `1`
 * or `true` (Claude Code: `CLAUDE_CODE_SUBPROCESS_ENV_SCRUB`); a handler's own `env` may still
 * set one.
 */
export interface CredentialScrub {
  variable: string;
  /** Names of the inherited variables withheld. */
  names: readonly string[];
}

/**
 * An agent's rule for a run whose output may be cut: the process exited but a child it left kept
 * stdout or stderr open (Claude Code 2.1.328: "its stdio went quiet before end-of-stream").
 * Output is read until the pipes are quiet for `quietMs`, at most `capMs` after the exit; then a
 * JSON reply that is not harmless (see the field lists) is refused: on `blockingEvents` the run
 * blocks with the refusal as its reason, elsewhere its reply is dropped. Exit 2 stands.
 */
export interface CutCaptureRule {
  quietMs: number;
  capMs: number;
  /** Events where a refused reply blocks (fails closed); elsewhere it is dropped. */
  blockingEvents: readonly string[];
  /** Events where `decision: "block"` grants something (keeps the agent going), so it is not harmless. */
  grantingBlockEvents: readonly string[];
  /** Events where `additionalContext` on exit 0 is harmless. */
  harmlessContextEvents: readonly string[];
  /** Top-level reply fields that change nothing by themselves. */
  harmlessFields: readonly string[];
  /** `hookSpecificOutput` fields that change nothing by themselves (values checked apart). */
  harmlessSpecificFields: readonly string[];
}

/**
 * How JSON configuration files are parsed: `json` strict; `jsonc` with comments, trailing commas,
 * a byte-order mark and an empty file; `settings-json` strict, as Claude Code reads its settings
 * (a byte-order mark and an empty file are accepted, a comment or trailing comma fails the file).
 */
export type ConfigSyntax = "json" | "jsonc" | "settings-json";

/**
 * How an agent that reads hook output against a closed schema fails a hook (Codex 0.169: it marks
 * the hook failed and goes on as if it had not answered): each rule that is on makes the run an
 * error whose reply is ignored, so nothing it asked for applies.
 */
export interface StrictOutputRules {
  /**
   * A field the event does not take (top level or in `hookSpecificOutput`), a value of the wrong
   * type, or a `hookSpecificOutput` without `hookEventName` (or naming another event) fails the run;
   * JSON null reads as an absent field.
   */
  closedSchema: boolean;
  /**
   * A field the event recognizes but does not apply fails the run only with a value that acts
   * (`continue: false`, a `stopReason`, `suppressOutput: true`); `continue: true` and
   * `suppressOutput: false` are accepted.
   */
  inertValuesAccepted: boolean;
  /**
   * A `permissionDecision: "deny"` or a `decision: "block"` without a non-empty reason fails the
   * run, and so does exit 2 with nothing on stderr on an event that can block.
   */
  reasonRequired: boolean;
  /** `permissionDecision` values accepted only with an `updatedInput` (Codex's `allow`). */
  rewriteOnlyDecisions: readonly string[];
  /**
   * A top-level `reason` without a `decision` fails the run (unless beside `continue: false`), and
   * so does a `permissionDecisionReason` without a `permissionDecision`.
   */
  reasonNeedsDecision: boolean;
}

/** A hook system described as data: every profile runs through the same pipeline. */
export interface Profile {
  name: string;
  /** Human-readable name of the system, for messages. */
  title: string;
  /**
   * How configuration is found: `locations` reads `configLocations`; `layered-walk` walks the
   * system, user and project layers with their features, project trust, plugins and managed policy;
   * `managed-then-locations` reads a managed settings file, then `configLocations`, as lenient JSONC
   * settings.
   */
  discovery: "locations" | "layered-walk" | "managed-then-locations";
  configLocations: readonly ConfigLocation[];
  /** What a run whose output may be cut decides (see {@link CutCaptureRule}); absent: it is read as it is. */
  cutCapture?: CutCaptureRule;
  /** How JSON configuration files are parsed (see {@link ConfigSyntax}; default `json`). */
  configSyntax?: ConfigSyntax;
  events: Readonly<Record<string, EventSpec>>;
  /**
   * `names-or-regex`: a name or an alternation of names matches exactly, anything else is a regex;
   * `regex`: always a regex.
   */
  matcherSyntax: "names-or-regex" | "regex";
  /** Maps host-internal tool names to the public names handlers see (the payload is rewritten). */
  toolNameAliases: Readonly<Record<string, string>>;
  /** Extra names a tool also matches as, the payload keeping its canonical name. */
  toolMatchAliases: Readonly<Record<string, readonly string[]>>;
  /**
   * The agent's own tool names and the Claude Code tool each is (`run_shell_command` → `Bash`),
   * for profiles that name tools their own way; convert and the shim translate through it.
   */
  canonicalToolNames?: Readonly<Record<string, string>>;
  /** The unit of handler timeouts in the profile's configuration files (default `seconds`). */
  timeoutUnit?: "seconds" | "milliseconds";
  /** The payload field carrying the tool name. */
  toolNameField: string;
  /** Tools whose `updatedInput` must carry a string `command`. */
  commandTools: readonly string[];
  /** The permission decisions a rewrite (`updatedInput`) may go with; with any other it is an error. */
  updatedInputDecisions: readonly ("allow" | "ask")[];
  /** Whether a rewrite (`updatedInput`) is applied only when it matches a tool-input schema the host passes. */
  updatedInputNeedsSchema: boolean;
  /** What a rewrite returned with a deny does: the deny stands and the rewrite is dropped, or the run fails. */
  updatedInputWithDeny: "drop-rewrite" | "fail-run";
  /**
   * What a rewrite returned with no permission decision does: it is applied and the call goes to
   * the host's own permission flow with the new input (`apply`, Claude Code), or the run fails
   * (`fail-run`, the default).
   */
  updatedInputWithoutDecision?: "apply" | "fail-run";
  /**
   * Which exits of a command handler have their JSON on stdout read: exit 0 only (`zero`, the
   * default), or any exit code and a death by a signal the engine did not send, read as on exit 0
   * (`any`, Claude Code, which counts a signal as exit 1); never a timeout or a cancel. Beside exit
   * 2 the block applies unless that JSON blocked itself; beside another code the JSON decides and
   * the exit stays visible as a `nonzero_exit` warning.
   */
  stdoutJsonExitCodes?: "zero" | "any";
  /**
   * The reason of an exit-2 block whose stderr is empty (Claude Code: `No stderr output`); absent:
   * the engine names the handler and the exit code.
   */
  emptyStderrBlockReason?: string;
  /**
   * Where `stop_hook_active` comes from: always the engine's own count (`engine`, the default), or
   * the host's payload value until the engine has tracked the session's continuations itself
   * (`host-until-tracked`: a one-shot dispatch passes the host's value on).
   */
  stopHookActiveSource?: "engine" | "host-until-tracked";
  /** The shell string commands run with: `sh`, or `bash` where it exists (else `sh`). */
  shell: "sh" | "bash";
  /**
   * The shell a handler's `"shell": "bash"` field runs its command string with (default `bash`
   * where it exists). Claude Code's `bash` is its POSIX shell: `/bin/sh -c` outside Windows.
   */
  bashFieldShell?: "sh" | "bash";
  /** Environment variables every handler gets, set to the session's project directory. */
  projectDirectoryVariables: readonly string[];
  /**
   * How a command string's `$NAME` of `projectDirectoryVariables` becomes the directory: `shell`
   * (the default) leaves it to the shell, from the environment; `command-text` first writes the
   * directory, quoted for the shell, in place of every `$NAME` in the text, quoted or not, as
   * Gemini CLI does before its shell runs the command.
   */
  projectDirectoryExpansion?: "shell" | "command-text";
  /** Prefixes of inherited environment variables no handler sees (Claude Code: `OTEL_`). */
  withheldVariablePrefixes?: readonly string[];
  /**
   * The variable naming the environment file of events with `environmentFile` (Claude Code:
   * `CLAUDE_ENV_FILE`); without it, no event gets one.
   */
  environmentFileVariable?: string;
  /** An opt-in that withholds inherited credentials from every handler, or absent for none. */
  credentialScrub?: CredentialScrub;
  /** A payload field filled with the dispatch time (ISO 8601) when the host leaves it out, or null. */
  timestampField: string | null;
  /** Payload fields every event carries, beside each event's own `payload`. */
  commonPayload?: PayloadFields;
  /** Filled into every payload when the host leaves them out. */
  payloadDefaults: Readonly<Record<string, unknown>>;
  defaultTimeoutSeconds: number;
  /** Maximum characters of any one message shown to the user or model. */
  messageLimitCharacters: number;
  /** Maximum bytes of stdout and of stderr kept from one handler run. */
  captureLimitBytes: number;
  /** Time between SIGTERM and SIGKILL when a handler is cancelled. */
  killGraceMs: number;
  /** Maximum consecutive Stop continuations per session (the next is refused), or null for none. */
  continuationCap: number | null;
  /**
   * An environment variable (read from the engine's `env`) that sets the cap instead: a
   * non-negative integer, `0` for no cap (Claude Code's `CLAUDE_CODE_STOP_HOOK_BLOCK_CAP`).
   */
  continuationCapVariable?: string;
  /** Identical handlers of one dispatch run once (the highest-precedence copy), or null: every copy runs. */
  deduplicate: DeduplicationRules | null;
  /** Handler types the profile's configuration may name (those it cannot run are reported, not silently skipped). */
  knownHandlerTypes: readonly string[];
  /** What an output field the event does not apply does: a diagnostic only, or the run fails. */
  unsupportedFieldEffect: "diagnostic" | "fail-run";
  /** The agent's closed reading of hook output (see {@link StrictOutputRules}); absent: lenient. */
  strictOutput?: StrictOutputRules;
  /** Whether non-managed hooks must be reviewed and trusted before they run (store path, `~` = home). */
  trust: { storeFile: string } | null;
  /** Spilling of oversized `additionalContext`, or null to cap it like other messages. */
  spill: SpillRules | null;
}

/**
 * What each `permissionDecision` value does where the event names none: allow, deny and ask apply;
 * `defer` is recognized but not applied.
 */
export const defaultPermissionDecisions = {
  allow: "apply",
  deny: "apply",
  ask: "apply",
  defer: "unsupported",
} as const satisfies Readonly<Record<string, "apply" | "unsupported">>;
