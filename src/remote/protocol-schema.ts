import { z } from "zod";
import type { HostCallbackName } from "../config/required-host-callbacks.js";
import {
  createDispatchResultSchemas,
  type Decision,
  decisions,
} from "../decide/dispatch-result-schema.js";
import type { Diagnostic } from "../diagnostic.js";
import { createRunEventSchemas } from "../engine/run-event-schema.js";
import type { ScopedHooksOptions } from "../match/scoped-hook-sets.js";
import type {
  AsyncHookOutput,
  McpToolRequest,
  McpToolResult,
  ModelHookReply,
  ModelHookRequest,
} from "../run/host-callbacks.js";

// The `serve` protocol, declared once: the server parses with these schemas, the TypeScript
// types of the wire are inferred from them, and scripts/write-schemas.mjs writes them as
// schemas/protocol.json for hosts in other languages. Each schema is checked at compile time
// against the library type it carries (the `Same` assertions at the end).

/** The protocol version `hooks/initialize` reports. */
export const protocolVersion = 1;

/** The methods a host sends to the server. */
export const serverMethods = {
  initialize: "hooks/initialize",
  dispatch: "hooks/dispatch",
  explain: "hooks/explain",
  addScopedHooks: "hooks/addScopedHooks",
  removeScopedHooks: "hooks/removeScopedHooks",
} as const;

/** The methods the server sends to a host that serves them during a dispatch (`hostCallbacks`). */
export const hostMethods = {
  evaluatePrompt: "host/evaluatePrompt",
  runAgentHook: "host/runAgentHook",
  callMcpTool: "host/callMcpTool",
} as const satisfies Record<HostCallbackName, string>;

/** The notifications the server sends to a host that subscribed to them (`notifications`). */
export const notificationMethods = {
  runStarted: "hooks/runStarted",
  runEnded: "hooks/runEnded",
  asyncOutput: "hooks/asyncOutput",
} as const;

/** The notification the server sends when it no longer waits for a `host/*` request's answer. */
export const cancelRequestMethod = "$/cancelRequest";

const { diagnostic, hookCommand, runSummary, dispatchResult } = createDispatchResultSchemas(z);

export { decisions };

/** A `Diagnostic`. */
export const diagnosticSchema = diagnostic;

/** A `RunSummary`: one handler of a dispatch. */
export const runSummarySchema = runSummary;

/** The `DispatchResult` a `hooks/dispatch` answers with (the library's type is inferred from it). */
export const dispatchResultSchema = dispatchResult;

const hostCallbackNameSchema = z.enum(["evaluatePrompt", "runAgentHook", "callMcpTool"]);
const notificationNameSchema = z.enum(["runStarted", "runEnded", "asyncOutput"]);

/** `hooks/initialize` params: the callbacks the host serves and the notifications it wants. */
export const initializeParamsSchema = z.strictObject({
  /** `host/*` requests the host answers; a handler needing another one is skipped with a warning. */
  hostCallbacks: z.array(hostCallbackNameSchema).optional(),
  /** Notifications to send: `runStarted`, `runEnded`, `asyncOutput`. */
  notifications: z.array(notificationNameSchema).optional(),
});

/** `hooks/initialize` result: what the server speaks and serves. */
export const initializeResultSchema = z.object({
  protocolVersion: z.number(),
  profile: z.string(),
  events: z.array(z.string()),
  /** Per event, the decisions a dispatch of it can return (none: it cannot decide). */
  decisions: z.record(z.string(), z.array(z.enum(decisions))).optional(),
  methods: z.array(z.string()).optional(),
  /** The `host/*` methods the server may call, and the notifications it can send. */
  hostMethods: z.array(z.string()).optional(),
  notifications: z.array(z.string()).optional(),
  diagnostics: z.array(diagnosticSchema),
});

/** `host/evaluatePrompt` and `host/runAgentHook` params: a `ModelHookRequest` without its signal. */
export const modelHookRequestSchema = z.object({
  prompt: z.string(),
  model: z.string().nullable(),
  input: z.record(z.string(), z.unknown()),
  event: z.string(),
});

/** A model reply: `{ ok, reason?, impossible? }`, or that object as JSON text. */
export const modelHookReplySchema = z.union([
  z.string(),
  z.object({
    ok: z.boolean(),
    reason: z.string().optional(),
    impossible: z.boolean().optional(),
  }),
]);

/** `host/callMcpTool` params: an `McpToolRequest` without its signal. */
export const mcpToolRequestSchema = z.object({
  server: z.string(),
  tool: z.string(),
  input: z.record(z.string(), z.unknown()),
});

/** `host/callMcpTool` result: an MCP tool result, its text content read like a command's stdout. */
export const mcpToolResultSchema = z.object({
  content: z.array(z.object({ type: z.string(), text: z.string().optional() })),
  isError: z.boolean().optional(),
});

const { runStart, runEnd } = createRunEventSchemas(z, { hookCommand, runSummary });

/** `hooks/runStarted` params: a handler about to run (`RunStart`, inferred from it). */
export const runStartedSchema = runStart;

/** `hooks/runEnded` params: a finished handler (`RunEnd`, inferred from it). */
export const runEndedSchema = runEnd;

/** `hooks/asyncOutput` params: what an `async` handler said once it ended (`AsyncHookOutput`). */
export const asyncOutputSchema = z.object({
  sessionId: z.string(),
  hookId: z.string(),
  additionalContext: z.string().nullable(),
  systemMessage: z.string().nullable(),
  rewake: z.boolean(),
  message: z.string().nullable(),
});

/** `$/cancelRequest` params: the id of the `host/*` request the server stopped waiting for. */
export const cancelRequestSchema = z.object({ id: z.union([z.string(), z.number()]) });

/** `hooks/addScopedHooks` params: a skill's or subagent's hooks, inline or from a file on the server. */
export const addScopedHooksParamsSchema = z.strictObject({
  scope: z.enum(["skill", "subagent"]),
  name: z.string().optional(),
  file: z.string().optional(),
  hooks: z.unknown().optional(),
  source: z.string().optional(),
  agentId: z.string().optional(),
});

/** `hooks/addScopedHooks` result: the active set's id (for removal), its hook ids and problems. */
export const addScopedHooksResultSchema = z.object({
  id: z.string(),
  hookIds: z.array(z.string()),
  diagnostics: z.array(diagnosticSchema),
});

/** `hooks/removeScopedHooks` params: the id `hooks/addScopedHooks` answered. */
export const removeScopedHooksParamsSchema = z.strictObject({ id: z.string() });

/** `hooks/removeScopedHooks` result: whether a set of this connection had that id. */
export const removeScopedHooksResultSchema = z.object({ removed: z.boolean() });

/** The protocol's messages, named, as scripts/write-schemas.mjs writes them. */
export const protocolSchemas = {
  InitializeParams: initializeParamsSchema,
  InitializeResult: initializeResultSchema,
  DispatchResult: dispatchResultSchema,
  ModelHookRequest: modelHookRequestSchema,
  ModelHookReply: modelHookReplySchema,
  McpToolRequest: mcpToolRequestSchema,
  McpToolResult: mcpToolResultSchema,
  RunStarted: runStartedSchema,
  RunEnded: runEndedSchema,
  AsyncOutput: asyncOutputSchema,
  CancelRequest: cancelRequestSchema,
  AddScopedHooksParams: addScopedHooksParamsSchema,
  AddScopedHooksResult: addScopedHooksResultSchema,
  RemoveScopedHooksParams: removeScopedHooksParamsSchema,
  RemoveScopedHooksResult: removeScopedHooksResultSchema,
} as const;

/** `hooks/initialize` params. */
export type InitializeParams = z.infer<typeof initializeParamsSchema>;
/** What `hooks/initialize` answers: the serving profile, its events and decisions, and its load diagnostics. */
export type InitializeResult = z.infer<typeof initializeResultSchema>;
/** `host/evaluatePrompt` and `host/runAgentHook` params. */
export type ModelHookParams = z.infer<typeof modelHookRequestSchema>;
/** `host/callMcpTool` params. */
export type McpToolParams = z.infer<typeof mcpToolRequestSchema>;
/** `hooks/runStarted` params. */
export type RunStartedParams = z.infer<typeof runStartedSchema>;
/** `hooks/runEnded` params. */
export type RunEndedParams = z.infer<typeof runEndedSchema>;
/** `hooks/asyncOutput` params. */
export type AsyncOutputParams = z.infer<typeof asyncOutputSchema>;
/** `hooks/addScopedHooks` params. */
export type AddScopedHooksParams = z.infer<typeof addScopedHooksParamsSchema>;
/** `hooks/addScopedHooks` result. */
export type AddScopedHooksResult = z.infer<typeof addScopedHooksResultSchema>;
/** A notification a host can subscribe to. */
export type NotificationName = z.infer<typeof notificationNameSchema>;

// Compile-time checks: each wire type and the library type it carries are the same shape, so a
// change to one that the other does not follow fails `tsc`.
// Readonly arrays and `?: T | undefined` (what zod infers) count as the library's `?: T`.
type Normalize<T> = T extends readonly (infer ITEM)[]
  ? Normalize<ITEM>[]
  : T extends object
    ? { -readonly [KEY in keyof T]: Normalize<Exclude<T[KEY], undefined>> }
    : T;
type Same<A, B> = [Normalize<A>] extends [Normalize<B>]
  ? [Normalize<B>] extends [Normalize<A>]
    ? true
    : false
  : false;
const sameShapes: [
  Same<z.infer<typeof diagnosticSchema>, Diagnostic>,
  Same<ModelHookParams, Omit<ModelHookRequest, "signal">>,
  Same<z.infer<typeof modelHookReplySchema>, ModelHookReply>,
  Same<McpToolParams, Omit<McpToolRequest, "signal">>,
  Same<z.infer<typeof mcpToolResultSchema>, McpToolResult>,
  Same<AsyncOutputParams, AsyncHookOutput>,
  Same<z.infer<typeof hostCallbackNameSchema>, HostCallbackName>,
  Same<(typeof decisions)[number], Decision>,
  Same<AddScopedHooksParams, ScopedHooksOptions>,
] = [true, true, true, true, true, true, true, true, true];
void sameShapes;
