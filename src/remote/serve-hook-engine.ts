import type { HookEngine } from "../engine/engine.js";
import {
  formatJsonRpcError,
  formatJsonRpcResult,
  type JsonRpcId,
  jsonRpcErrorCodes,
  readJsonRpcMessage,
  remoteMethods,
} from "./json-rpc-message.js";
import type { MessageChannel } from "./message-channel.js";
import { parseDispatchRequest } from "./parse-dispatch-request.js";
import { parseExplainRequest } from "./parse-explain-request.js";

/** The version of the protocol `hooks/initialize` reports. */
export const remoteProtocolVersion = 1;

/** Options of {@link serveHookEngine}. */
export interface ServeHookEngineOptions {
  /** Receives one line per notable event on the connection (refusals, the end), for logs. */
  onLog?: (message: string) => void;
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
    channel.close();
    settle();
  };
  const finishWhenIdle = () => {
    if (!receiving && inFlight === 0) finish();
  };
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
          // This side never sends requests, so there is nothing to match an answer with.
          return;
        case "request":
          if (message.method === remoteMethods.dispatch) {
            answerRequest(
              message.id,
              parseDispatchRequest(message.params, engine.profile),
              ({ event, payload, options }) => engine.dispatch(event, payload, options),
            );
          } else if (message.method === remoteMethods.explain) {
            answerRequest(
              message.id,
              parseExplainRequest(message.params, engine.profile),
              ({ event, payload, options }) => engine.explain(event, payload, options),
            );
          } else if (message.method === remoteMethods.initialize) {
            channel.send(
              formatJsonRpcResult(message.id, {
                protocolVersion: remoteProtocolVersion,
                profile: engine.profile.name,
                events: Object.keys(engine.profile.events),
                // Clients check a method here before calling one a later version added.
                methods: Object.values(remoteMethods),
                diagnostics: engine.diagnostics,
              }),
            );
          } else {
            refuse(
              message.id,
              jsonRpcErrorCodes.methodNotFound,
              `Method not found: ${JSON.stringify(message.method)} (methods: ${Object.values(remoteMethods).join(", ")})`,
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
      finishWhenIdle();
    },
  });

  return { done, close: finish };
}
