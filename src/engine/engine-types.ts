import type { HookDefinition } from "../config/hook-definition.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import type { Diagnostic } from "../diagnostic.js";
import type { ExplainOptions, HookExplanation } from "../explain/explain-hooks.js";
import type { ScopedHookSet, ScopedHooksOptions } from "../match/scoped-hook-sets.js";
import type { TracingOption } from "../observe/trace-dispatch.js";
import type { Profile } from "../profiles/profile.js";
import type { ProfileName } from "../profiles/profiles.js";
import type {
  AsyncHookOutput,
  CallMcpTool,
  EvaluatePrompt,
  HostCallbacks,
} from "../run/host-callbacks.js";
import type { RunEnd, RunStart } from "./run-event-schema.js";

export type {
  AsyncHookOutput,
  CallMcpTool,
  EvaluatePrompt,
  HostCallbacks,
  McpToolRequest,
  McpToolResult,
  ModelHookReply,
  ModelHookRequest,
} from "../run/host-callbacks.js";
export type { RunEnd, RunStart } from "./run-event-schema.js";

// The engine's public types; `engine.ts` re-exports them.

/** Options of {@link createHookEngine}. */
export interface HookEngineOptions {
  /** A built-in profile name or a profile table. */
  profile: ProfileName | Profile;
  /** The session's working directory: handlers run here; defaults to `process.cwd()`. */
  cwd?: string;
  /** Filled into payloads that carry no `session_id`; defaults to a random UUID. */
  sessionId?: string;
  /** The home directory configuration is found under; defaults to the OS home (`$HOME`). */
  home?: string;
  /** Configuration files to read instead of the profile's discovery. */
  configFiles?: readonly string[];
  /** The system configuration directory of profiles that have one (ZeroCode: `/etc/zerotwo`). */
  systemDir?: string;
  /** A managed (administrator) settings file read before every other layer (Claude Code profile). */
  managedSettings?: string;
  /** Runs enabled hooks without persisted trust, for this engine only (profiles with hook trust). */
  bypassHookTrust?: boolean;
  /** Payload fields filled in when the host leaves them out, such as `model` or `permission_mode`. */
  payloadDefaults?: Readonly<Record<string, unknown>>;
  /** The environment handlers run with; defaults to `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Called as each handler starts (errors thrown here are ignored). */
  onRunStart?: (run: RunStart) => void;
  /** Called as each handler finishes (errors thrown here are ignored). */
  onRunEnd?: (run: RunEnd) => void;
  /** Appends a JSON line per handler run and per dispatch to this file, created 0600 (docs/observability.md). */
  auditLog?: string;
  /** Also writes the payload (dispatch lines) and handler stdout and stderr (run lines) to the audit log. */
  auditPayloads?: boolean;
  /**
   * Answers `prompt` handlers with the host's model (Claude Code profile); without it, prompt
   * handlers do not load (`unsupported_handler_type`).
   */
  evaluatePrompt?: EvaluatePrompt;
  /** Runs `agent` handlers (a subagent that replies `{ ok, reason }`); without it, they do not load. */
  runAgentHook?: EvaluatePrompt;
  /** Calls the tool of an `mcp_tool` handler on a connected MCP server; without it, they do not load. */
  callMcpTool?: CallMcpTool;
  /**
   * Receives the output of each `async` handler when it ends (errors thrown here are ignored);
   * returning `false` says no one received it, so an `asyncRewake` message waits for the session's
   * next dispatch as context, as it does without this callback.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a callback returning nothing listens too
  onAsyncOutput?: (output: AsyncHookOutput) => boolean | void;
  /** OpenTelemetry spans per dispatch and run: on when `@opentelemetry/api` has a provider (default), off, or this tracer. */
  tracing?: TracingOption;
  /**
   * Prewarms command hooks (default off): after a hook's first run, a standby process of it is
   * kept started, its stdin open, and the next event is written to it, so the interpreter's
   * start-up is not waited for. `true` for every hook that can, or a function choosing per hook;
   * a hook whose configuration says `"prewarm": true` prewarms either way. Not for persistent,
   * async or non-command handlers, events with an environment file, or scoped hooks
   * (docs/performance.md#prewarmed-handlers).
   */
  prewarm?: boolean | ((hook: HookDefinition) => boolean);
  /** Standby processes kept per prewarmed hook (default 1); more serve parallel tool calls. */
  prewarmStandbys?: number;
}

/** Per-dispatch facts only the host knows. */
export interface DispatchOptions {
  /** The event fires for a custom agent running as a subagent (VS Code: its Stop is a SubagentStop). */
  asSubagent?: boolean;
  /** JSON Schema of the tool's input; profiles that need one apply a rewrite only when it matches. */
  toolInputSchema?: unknown;
  /** A validator for the tool's input, used instead of `toolInputSchema`. */
  validateToolInput?: (input: unknown) => boolean;
  /**
   * Callbacks for this dispatch's prompt, agent and mcp_tool handlers, used where the engine was
   * given none: the agent-hooks adapters lend the agent's own model this way.
   */
  hostCallbacks?: HostCallbacks;
}

/** A loaded hook configuration that dispatches events; see {@link createHookEngine}. */
export interface HookEngine {
  readonly profile: Profile;
  /** Load-time diagnostics, in file order. */
  readonly diagnostics: readonly Diagnostic[];
  /** Runs every matching handler of an event and combines their results; never throws for hook or config problems. */
  dispatch(
    event: string,
    payload?: Readonly<Record<string, unknown>>,
    options?: DispatchOptions,
  ): Promise<DispatchResult>;
  /**
   * Cancels running handlers and stops persistent ones and prewarmed standbys (killing their
   * process groups); refuses later dispatches.
   */
  close(): Promise<void>;
  /**
   * Keeps `secrets` (a server's token) out of handlers started from now on: a variable whose value
   * is one of them is not passed. `AGENT_HOOKS_TOKEN` never is. Absent where hooks run elsewhere.
   */
  withholdSecrets?(secrets: readonly string[]): void;
  /**
   * Adds a skill's or subagent's hooks (its frontmatter `hooks`) to later dispatches until the
   * set's `remove()`; the configuration itself is unchanged. Never throws: problems are the set's
   * diagnostics. Absent where hooks run elsewhere (the remote engine): see docs/claude.md.
   */
  addScopedHooks?(options: ScopedHooksOptions): Promise<ScopedHookSet>;
  /** Says, for every configured hook, whether it would run for this event and payload, and why not; runs nothing. */
  explain(
    event: string,
    payload?: Readonly<Record<string, unknown>>,
    options?: ExplainOptions,
  ): Promise<HookExplanation>;
}
