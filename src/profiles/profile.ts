/**
 * How an event's handlers can decide:
 * - `permission`: `hookSpecificOutput.permissionDecision` allow / deny / ask (PreToolUse);
 * - `permission-request`: `hookSpecificOutput.decision.behavior` allow / deny (PermissionRequest);
 * - `stop`: top-level `decision: "block"` keeps the turn going (Stop);
 * - `none`: the event cannot decide.
 */
export type DecisionKind = "permission" | "permission-request" | "stop" | "none";

/**
 * What exit code 2 or a block does for an event:
 * - `decide`: it is the event's blocking decision (deny, or keep the turn going);
 * - `feedback`: the reason is fed to the model as context, with a `block_ignored` diagnostic;
 * - `unsupported`: the reason is kept as context, with an `unsupported_field` diagnostic;
 * - `none`: the event cannot block; stderr is reported in a `block_ignored` diagnostic.
 */
export type BlockEffect = "decide" | "feedback" | "unsupported" | "none";

/** What plain (non-JSON) stdout on exit 0 means for an event. */
export type PlainStdout = "ignored" | "context";

/** One event of a profile: how it matches, blocks and which output fields it reads. */
export interface EventSpec {
  /** The payload field the matcher reads, or null when the event has no matcher. */
  matchField: string | null;
  /** Whether handlers of this event may carry an `if` permission-rule predicate. */
  supportsIf: boolean;
  decisionKind: DecisionKind;
  blockEffect: BlockEffect;
  plainStdout: PlainStdout;
  /** Whether hooks can be configured for the event (false: the host dispatches it only to mark state). */
  configurable: boolean;
  /** Whether dispatching this event resets the consecutive-continuation count. */
  resetsContinuations: boolean;
  /** `hookSpecificOutput` fields that are applied. */
  supportedFields: readonly string[];
  /** `hookSpecificOutput` fields that are recognized but not applied (an `unsupported_field` diagnostic). */
  parsedNotApplied: readonly string[];
  /** Event-specific payload fields, for documentation and the SDK. */
  payloadFields: readonly string[];
}

/** Where a profile looks for configuration; `~` is the engine's home, `<cwd>` the session cwd. */
export interface ConfigLocation {
  layer: string;
  path: string;
  dialect: string;
}

/** A hook system described as data: every profile runs through the same pipeline. */
export interface Profile {
  name: string;
  /** Human-readable name of the system, for messages. */
  title: string;
  configLocations: readonly ConfigLocation[];
  events: Readonly<Record<string, EventSpec>>;
  /** Maps host-internal tool names to the public names handlers see. */
  toolNameAliases: Readonly<Record<string, string>>;
  /** The payload field carrying the tool name, renamed through `toolNameAliases`. */
  toolNameField: string;
  defaultTimeoutSeconds: number;
  /** Maximum characters of any one message shown to the user or model. */
  messageLimitCharacters: number;
  /** Maximum bytes of stdout and of stderr kept from one handler run. */
  captureLimitBytes: number;
  /** Time between SIGTERM and SIGKILL when a handler is cancelled. */
  killGraceMs: number;
  /** Maximum consecutive Stop continuations per session; the next block is refused. */
  continuationCap: number;
  /** Handler types the profile recognizes but does not run (`unsupported_handler_type`). */
  knownHandlerTypes: readonly string[];
  /** Top-level output fields every handler may return. */
  universalFields: readonly string[];
}
