/** A handler's command: a shell string, or an argv list executed without a shell. */
export type HookCommand = string | readonly string[];

/**
 * How a handler is trusted: `none` (the profile has no trust review), `review` (must be trusted
 * by the user before it runs), `managed` (trusted by administrator policy).
 */
export type HookTrustMode = "none" | "review" | "managed";

/** The handler types a configuration can name: Claude Code's set; other profiles run `command` only. */
export type HandlerType = "command" | "http" | "prompt" | "agent" | "mcp_tool";

/** An `http` handler: the event JSON is POSTed to `url`. */
export interface HttpHookAction {
  type: "http";
  url: string;
  /** Header values as written; `$VAR` / `${VAR}` are filled from `allowedEnvVars` only, at run time. */
  headers: Readonly<Record<string, string>>;
  /** Variables the header values may interpolate (intersected with the settings' `httpHookAllowedEnvVars`). */
  allowedEnvVars: readonly string[];
}

/** A `prompt` or `agent` handler: the host's model answers `{ ok, reason, impossible }`. */
export interface ModelHookAction {
  type: "prompt" | "agent";
  /** The prompt as written; `$ARGUMENTS` is replaced by the event JSON (else the JSON is appended). */
  prompt: string;
  /** The model the handler names, or null for the host's default. */
  model: string | null;
  /** Claude Code's `continueOnBlock`, as written, or null when absent. */
  continueOnBlock: boolean | null;
}

/** An `mcp_tool` handler: a tool of a connected MCP server, called through the host. */
export interface McpToolHookAction {
  type: "mcp_tool";
  server: string;
  tool: string;
  /** The tool's arguments as written; `${tool_input.x}` placeholders are filled from the event. */
  input: Readonly<Record<string, unknown>>;
}

/** What a non-command handler calls instead of running a process. */
export type HookAction = HttpHookAction | ModelHookAction | McpToolHookAction;

/** One handler from a configuration file, normalized, with its provenance. */
export interface HookDefinition {
  /** The event this handler is registered for, as the profile names it. */
  event: string;
  /** The matcher as written, or null when omitted. */
  matcher: string | null;
  /** The `if` permission-rule predicate as written, or null. */
  if: string | null;
  /**
   * The command a `command` handler runs. For another handler type, a one-line description of
   * what it calls (the URL, `prompt: …`, `mcp_tool server/tool`), used for display,
   * de-duplication and trust; `action` holds the details.
   */
  command: HookCommand;
  /** What a non-command handler calls; absent for a `command` handler. */
  action?: HookAction;
  /** `async: true`: the dispatch does not wait for it; its context arrives with a later dispatch. */
  async?: boolean;
  /** `asyncRewake: true`: an async run's exit 2 wakes the agent through `onAsyncOutput`. */
  asyncRewake?: boolean;
  /** The shell a string command runs with when the configuration names one (`bash`, `powershell`). */
  shell?: "bash" | "powershell";
  /** `once: true` (skill frontmatter): the handler runs once per session, then is removed. */
  once?: boolean;
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
  /**
   * `"prewarm": true` (an agent-hooks extension): the engine keeps a standby process of the
   * command started, its stdin open, and hands it the next event; absent or false when not set.
   */
  prewarm?: boolean;
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
