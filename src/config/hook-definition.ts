/** A handler's command: a shell string, or an argv list executed without a shell. */
export type HookCommand = string | readonly string[];

/**
 * How a handler is trusted: `none` (the profile has no trust review), `review` (must be trusted
 * by the user before it runs), `managed` (trusted by administrator policy).
 */
export type HookTrustMode = "none" | "review" | "managed";

/** One command handler from a configuration file, normalized, with its provenance. */
export interface HookDefinition {
  /** The event this handler is registered for, as the profile names it. */
  event: string;
  /** The matcher as written, or null when omitted. */
  matcher: string | null;
  /** The `if` permission-rule predicate as written, or null. */
  if: string | null;
  command: HookCommand;
  /** Timeout in milliseconds (already defaulted from the profile). */
  timeoutMs: number;
  statusMessage: string | null;
  /** Working directory for the handler, or null for the engine's cwd. */
  cwd: string | null;
  /** Approximate tokens of `additionalContext` sent whole before it is spilled; null = profile default, 0 = never. */
  additionalContextLimit: number | null;
  /**
   * Whether the handler runs as one long-lived process answering NDJSON events (an agent-hooks
   * extension, off unless the configuration says `"persistent": true`).
   */
  persistent: boolean;
  /** How the handler is trusted; inherited from its source. */
  trust: HookTrustMode;
  /** Extra environment variables for the handler. */
  env: Readonly<Record<string, string>>;
  /** The configuration file the handler came from. */
  file: string;
  /** The layer of that file, such as `user` or `project`. */
  layer: string;
  /** JSON path of the handler inside `file`, such as `hooks.PreToolUse[0].hooks[1]`. */
  path: string;
  /** JSON path of the handler's matcher group, such as `hooks.PreToolUse[0]`. */
  groupPath: string;
  /** Position of the matcher group among this event's groups, across all files in order. */
  groupIndex: number;
  /** Position of the handler inside its group. */
  handlerIndex: number;
}
