import type { HostCallbackName } from "../config/required-host-callbacks.js";
import { decisionPrecedence } from "../decide/aggregate-verdicts.js";
import type { Decision } from "../decide/dispatch-result.js";
import type { HookEngine } from "../engine/engine.js";
import type { ScopedHookSet } from "../match/scoped-hook-sets.js";
import type { HostCallbacks } from "../run/host-callbacks.js";
import { createHostCaller, type HostCaller } from "./create-host-caller.js";
import type { RunListener, RunRelay } from "./create-run-relay.js";
import {
  describeZodError,
  formatJsonRpcError,
  formatJsonRpcRequest,
  formatJsonRpcResult,
  type JsonRpcId,
  jsonRpcErrorCodes,
  parseRequestParams,
  readJsonRpcMessage,
} from "./json-rpc-message.js";
import type { MessageChannel } from "./message-channel.js";
import { parseDispatchRequest } from "./parse-dispatch-request.js";
import { parseExplainRequest } from "./parse-explain-request.js";
import {
  type AddScopedHooksResult,
  addScopedHooksParamsSchema,
  hostMethods,
  type InitializeResult,
  initializeParamsSchema,
  mcpToolResultSchema,
  modelHookReplySchema,
  type NotificationName,
  notificationMethods,
  protocolVersion,
  removeScopedHooksParamsSchema,
  serverMethods,
} from "./protocol-schema.js";

/** The version of the protocol `hooks/initialize` reports. */
export const remoteProtocolVersion = protocolVersion;

/** Options of {@link serveHookEngine}. */
export interface ServeHookEngineOptions {
  /** Receives one line per notable event on the connection (refusals, the end), for logs. */
  onLog?: (message: string) => void;
  /**
   * The relay whose `engineOptions` the engine was created with: without it, no
   * `hooks/runStarted`, `hooks/runEnded` or `hooks/asyncOutput` can be sent.
   */
  relay?: RunRelay;
  /**
   * Lets the host add and remove skill and subagent hooks (`hooks/addScopedHooks`), which run
   * commands the configuration does not name: for a host that started the server itself (stdio).
   */
  allowScopedHooks?: boolean;
}

/** One connection being served. */
export interface ServedConnection {
  /** Settles when the connection is done: the peer went away and every answer was sent. */
  readonly done: Promise<void>;
  /** Closes the connection now; answers still on their way are dropped. */
  close(): void;
}

/**
 * Answers `hooks/dispatch` and `hooks/explain` requests arriving on a channel with the engine where
 * the hooks are configured, many at once, each answer sent as soon as it is ready.
 *
 * Only the engine's own configured hooks ever run: a request names an event of the engine's
 * profile, an object payload and a short whitelist of options; anything else is refused with a
 * JSON-RPC error and the connection stays usable.
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: "deepagents" });
 * const served = serveHookEngine(engine, createStreamChannel(process.stdin, process.stdout));
 * await served.done;
 * await engine.close();
 * ```
 */
export function serveHookEngine(
  engine: HookEngine,
  channel: MessageChannel,
  options: ServeHookEngineOptions = {},
): ServedConnection {
  const log = (message: string) => {
    try {
      options.onLog?.(message);
    } catch {
      // A logger's failure must not break serving.
    }
  };
  let inFlight = 0;
  let receiving = true;
  let closed = false;
  let settle: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const finish = () => {
    if (closed) return;
    closed = true;
    caller.close("the connection closed");
    for (const set of scopedSets.values()) set.remove();
    scopedSets.clear();
    channel.close();
    settle();
  };
  const finishWhenIdle = () => {
    if (!receiving && inFlight === 0) finish();
  };
  const scopedHooksAllowed = options.allowScopedHooks === true;
  const methods = Object.values(serverMethods).filter(
    (method) =>
      scopedHooksAllowed ||
      (method !== serverMethods.addScopedHooks && method !== serverMethods.removeScopedHooks),
  );
  // What the host said in hooks/initialize it serves and wants; nothing until it does.
  let served: ReadonlySet<HostCallbackName> = new Set();
  let subscribed: ReadonlySet<NotificationName> = new Set();
  const caller = createHostCaller((text) => !closed && channel.send(text));
  const hostCallbacks = createHostCallbacks(caller, () => served);
  const notify = (method: string, params: unknown) => {
    if (!closed) channel.send(formatJsonRpcRequest(null, method, params));
  };
  const listener: RunListener = {
    runStarted: (run) => {
      if (subscribed.has("runStarted")) notify(notificationMethods.runStarted, run);
    },
    runEnded: (run) => {
      if (subscribed.has("runEnded")) notify(notificationMethods.runEnded, run);
    },
    asyncOutput: (output) => {
      // Not subscribed (or gone): the engine queues it for the session's next dispatch.
      if (!subscribed.has("asyncOutput") || closed) return false;
      notify(notificationMethods.asyncOutput, output);
      return true;
    },
  };
  const relay = options.relay;
  const dispatchFor = <RESULT>(work: () => RESULT): RESULT =>
    relay === undefined ? work() : relay.within(listener, work);
  // Scoped sets this connection added, removed when it goes away.
  const scopedSets = new Map<string, ScopedHookSet>();
  const refuse = (id: JsonRpcId | null, code: number, message: string) => {
    log(`refused${id === null ? "" : ` request ${JSON.stringify(id)}`}: ${message}`);
    channel.send(formatJsonRpcError(id, code, message));
  };

  // Many requests run at once; each answer is sent when its own work settles. An engine that
  // throws at once is answered like one that rejects, never a throw out of the listener.
  const answerWith = (id: JsonRpcId, work: () => Promise<unknown>) => {
    inFlight += 1;
    Promise.resolve()
      .then(work)
      .then(
        (result) => {
          if (!closed) channel.send(formatJsonRpcResult(id, result));
        },
        (error: unknown) => {
          if (!closed)
            refuse(id, jsonRpcErrorCodes.internalError, `Internal error: ${String(error)}`);
        },
      )
      .finally(() => {
        inFlight -= 1;
        finishWhenIdle();
      });
  };

  // A request with invalid params is refused before any work starts.
  const answerRequest = <REQUEST>(
    id: JsonRpcId,
    parsed: { ok: true; request: REQUEST } | { ok: false; message: string },
    work: (request: REQUEST) => Promise<unknown>,
  ) => {
    if (parsed.ok) answerWith(id, () => work(parsed.request));
    else refuse(id, jsonRpcErrorCodes.invalidParams, `Invalid params: ${parsed.message}`);
  };

  channel.listen({
    message(text) {
      const message = readJsonRpcMessage(text);
      switch (message.kind) {
        case "invalid":
          refuse(message.id, message.code, message.message);
          return;
        case "notification":
          log(`ignored notification ${JSON.stringify(message.method)}`);
          return;
        case "result":
        case "error":
          // Answers to this side's host/* requests; anything else is late or unknown.
          if (!caller.receive(message)) {
            log(`dropped a late or unknown answer (id ${JSON.stringify(message.id)})`);
          }
          return;
        case "request":
          if (message.method === serverMethods.dispatch) {
            answerRequest(
              message.id,
              parseDispatchRequest(message.params, engine.profile),
              ({ event, payload, options }) =>
                dispatchFor(() => engine.dispatch(event, payload, { ...options, hostCallbacks })),
            );
          } else if (message.method === serverMethods.explain) {
            answerRequest(
              message.id,
              parseExplainRequest(message.params, engine.profile),
              ({ event, payload, options }) => engine.explain(event, payload, options),
            );
          } else if (message.method === serverMethods.initialize) {
            const parsed = initializeParamsSchema.safeParse(message.params ?? {});
            if (!parsed.success) {
              refuse(
                message.id,
                jsonRpcErrorCodes.invalidParams,
                `Invalid params: ${describeZodError(parsed.error)}`,
              );
              return;
            }
            served = new Set(parsed.data.hostCallbacks ?? []);
            subscribed = new Set(parsed.data.notifications ?? []);
            if (subscribed.size > 0 && relay === undefined) {
              log("notifications were asked for, but this server has no run relay to send them");
            }
            const result: InitializeResult = {
              protocolVersion: remoteProtocolVersion,
              profile: engine.profile.name,
              events: Object.keys(engine.profile.events),
              decisions: listEventDecisions(engine),
              // Clients check a method here before calling one a later version added.
              methods,
              hostMethods: Object.values(hostMethods),
              notifications: relay === undefined ? [] : Object.values(notificationMethods),
              diagnostics: [...engine.diagnostics],
            };
            channel.send(formatJsonRpcResult(message.id, result));
          } else if (scopedHooksAllowed && message.method === serverMethods.addScopedHooks) {
            answerRequest(
              message.id,
              parseRequestParams(addScopedHooksParamsSchema, message.params),
              async (request): Promise<AddScopedHooksResult> => {
                const add = engine.addScopedHooks;
                if (add === undefined) throw new Error("this engine cannot add scoped hooks");
                const { agentId, file, hooks, name, scope, source } = request;
                const set = await add({
                  scope,
                  ...(name !== undefined && { name }),
                  ...(file !== undefined && { file }),
                  ...(hooks !== undefined && { hooks }),
                  ...(source !== undefined && { source }),
                  ...(agentId !== undefined && { agentId }),
                });
                // A connection that closed meanwhile keeps nothing.
                if (closed) set.remove();
                else scopedSets.set(set.id, set);
                return { id: set.id, hookIds: [...set.hookIds], diagnostics: [...set.diagnostics] };
              },
            );
          } else if (scopedHooksAllowed && message.method === serverMethods.removeScopedHooks) {
            answerRequest(
              message.id,
              parseRequestParams(removeScopedHooksParamsSchema, message.params),
              async ({ id }) => {
                const set = scopedSets.get(id);
                set?.remove();
                scopedSets.delete(id);
                return { removed: set !== undefined };
              },
            );
          } else {
            refuse(
              message.id,
              jsonRpcErrorCodes.methodNotFound,
              `Method not found: ${JSON.stringify(message.method)} (methods: ${methods.join(", ")})`,
            );
          }
          return;
      }
    },
    oversized(limitBytes) {
      refuse(
        null,
        jsonRpcErrorCodes.messageTooLarge,
        `Message too large: over the limit of ${limitBytes} bytes; it was dropped`,
      );
    },
    close(reason) {
      log(`connection ended (${reason})`);
      receiving = false;
      // Nothing the host was asked can be answered now: its handlers end at once.
      caller.close(reason);
      finishWhenIdle();
    },
  });

  return { done, close: finish };
}

/** Per event, the decisions a dispatch of it can return. */
function listEventDecisions(engine: HookEngine): Record<string, Decision[]> {
  return Object.fromEntries(
    Object.entries(engine.profile.events).map(([event, spec]) => [
      event,
      Object.keys(decisionPrecedence[spec.decisionKind]) as Decision[],
    ]),
  );
}

/**
 * The host callbacks of one connection: each a `host/*` request to the host, answered only when
 * the host said in `hooks/initialize` that it serves it (else the handler is skipped, as the
 * library skips one whose callback is missing). An answer is checked before it is used.
 */
function createHostCallbacks(
  caller: HostCaller,
  served: () => ReadonlySet<HostCallbackName>,
): HostCallbacks {
  const askModel =
    (name: "evaluatePrompt" | "runAgentHook") =>
    async ({
      prompt,
      model,
      input,
      event,
      signal,
    }: Parameters<NonNullable<HostCallbacks["evaluatePrompt"]>>[0]) => {
      const method = hostMethods[name];
      const answer = await caller.call(method, { prompt, model, input, event }, signal);
      const parsed = modelHookReplySchema.safeParse(answer);
      if (!parsed.success) {
        throw new Error(
          `the host's ${method} answer is not a reply: ${describeZodError(parsed.error)}`,
        );
      }
      const reply = parsed.data;
      if (typeof reply === "string") return reply;
      return {
        ok: reply.ok,
        ...(reply.reason !== undefined && { reason: reply.reason }),
        ...(reply.impossible !== undefined && { impossible: reply.impossible }),
      };
    };
  const evaluatePrompt = askModel("evaluatePrompt");
  const runAgentHook = askModel("runAgentHook");
  const callMcpTool: NonNullable<HostCallbacks["callMcpTool"]> = async ({
    server,
    tool,
    input,
    signal,
  }) => {
    const method = hostMethods.callMcpTool;
    const answer = await caller.call(method, { server, tool, input }, signal);
    const parsed = mcpToolResultSchema.safeParse(answer);
    if (!parsed.success) {
      throw new Error(
        `the host's ${method} answer is not a tool result: ${describeZodError(parsed.error)}`,
      );
    }
    const { content, isError } = parsed.data;
    return {
      content: content.map(({ type, text }) => ({ type, ...(text !== undefined && { text }) })),
      ...(isError !== undefined && { isError }),
    };
  };
  // Getters: what the host serves is read at each dispatch, after hooks/initialize set it.
  return {
    get evaluatePrompt() {
      return served().has("evaluatePrompt") ? evaluatePrompt : undefined;
    },
    get runAgentHook() {
      return served().has("runAgentHook") ? runAgentHook : undefined;
    },
    get callMcpTool() {
      return served().has("callMcpTool") ? callMcpTool : undefined;
    },
  };
}
