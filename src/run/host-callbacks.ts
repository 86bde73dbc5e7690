import type { HostCallbackName } from "../config/required-host-callbacks.js";

// The callbacks a host lends the engine for handlers that are not processes: a model for
// `prompt` and `agent` handlers, an MCP client for `mcp_tool` handlers.

/** What a `prompt` or `agent` handler asks the host's model. */
export interface ModelHookRequest {
  /** The prompt with the event JSON in place of `$ARGUMENTS` (or appended). */
  prompt: string;
  /** The model the handler names, or null for the host's default (a fast model). */
  model: string | null;
  /** The event payload as the handler sees it. */
  input: Readonly<Record<string, unknown>>;
  /** The event's name. */
  event: string;
  /** Aborted at the handler's timeout or when the engine closes. */
  signal: AbortSignal;
}

/** The model's reply: `{ ok, reason?, impossible? }` as an object or as JSON text. */
export type ModelHookReply = string | { ok: boolean; reason?: string; impossible?: boolean };

/** Answers a `prompt` handler (or, as `runAgentHook`, an `agent` handler) with the host's model. */
export type EvaluatePrompt = (request: ModelHookRequest) => Promise<ModelHookReply>;

/** What an `mcp_tool` handler asks the host's MCP client. */
export interface McpToolRequest {
  server: string;
  tool: string;
  /** The tool's arguments, placeholders filled. */
  input: Readonly<Record<string, unknown>>;
  signal: AbortSignal;
}

/** An MCP tool result: its text content is read like a command's stdout. */
export interface McpToolResult {
  content: readonly { type: string; text?: string }[];
  isError?: boolean;
}

/** Calls a tool on a connected MCP server; rejects when the server is not connected. */
export type CallMcpTool = (request: McpToolRequest) => Promise<McpToolResult>;

/** What an `async` handler produced once it ended, as passed to `onAsyncOutput`. */
export interface AsyncHookOutput {
  sessionId: string;
  hookId: string;
  additionalContext: string | null;
  systemMessage: string | null;
  /** True when an `asyncRewake` handler exited 2: the host should wake the agent with `message`. */
  rewake: boolean;
  /** The rewake message (stderr, else stdout), or null. */
  message: string | null;
}

/** The host's callbacks for non-command handlers; a handler whose callback is missing is skipped. */
export interface HostCallbacks {
  evaluatePrompt?: EvaluatePrompt | undefined;
  runAgentHook?: EvaluatePrompt | undefined;
  callMcpTool?: CallMcpTool | undefined;
}

/**
 * The names of the callbacks given, for the planning gate (`refuseMissingCallback`).
 *
 * @example
 * ```ts
 * const available = listHostCallbacks({ evaluatePrompt }); // Set { "evaluatePrompt" }
 * ```
 */
export function listHostCallbacks(callbacks: HostCallbacks): ReadonlySet<HostCallbackName> {
  const names = new Set<HostCallbackName>();
  if (callbacks.evaluatePrompt !== undefined) names.add("evaluatePrompt");
  if (callbacks.runAgentHook !== undefined) names.add("runAgentHook");
  if (callbacks.callMcpTool !== undefined) names.add("callMcpTool");
  return names;
}

/**
 * The engine's callbacks, each missing one filled in from a dispatch's (`DispatchOptions.hostCallbacks`).
 *
 * @example
 * ```ts
 * const callbacks = fillHostCallbacks(engineCallbacks, { evaluatePrompt });
 * ```
 */
export function fillHostCallbacks(
  engine: HostCallbacks,
  dispatch: HostCallbacks | undefined,
): HostCallbacks {
  if (dispatch === undefined) return engine;
  return {
    evaluatePrompt: engine.evaluatePrompt ?? dispatch.evaluatePrompt,
    runAgentHook: engine.runAgentHook ?? dispatch.runAgentHook,
    callMcpTool: engine.callMcpTool ?? dispatch.callMcpTool,
  };
}
