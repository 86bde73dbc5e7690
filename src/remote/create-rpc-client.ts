import {
  formatJsonRpcError,
  formatJsonRpcRequest,
  type JsonRpcMessage,
  jsonRpcErrorCodes,
  readJsonRpcMessage,
} from "./json-rpc-message.js";
import {
  type ConnectChannel,
  ConnectionRefusedError,
  type MessageChannel,
} from "./message-channel.js";

/** What a request's sender hears back: exactly one of these is called. */
export interface RpcCall {
  answer(message: Extract<JsonRpcMessage, { kind: "result" | "error" }>): void;
  fail(reason: string): void;
  /** The client closed first. */
  cancel(): void;
}

/** Timing and limits of {@link createRpcClient}. */
export interface RpcClientOptions {
  /** The most one request may take, waiting for a connection included. */
  timeoutMs: number;
  /** The first delay before reconnecting, doubled after each failure. */
  reconnectDelayMs: number;
  /** The longest delay between reconnection attempts. */
  maxReconnectDelayMs: number;
  /** The largest request sent, in UTF-8 bytes; a larger one fails without being sent. */
  maxMessageBytes: number;
  /** One line per notable event (connected, lost, a late answer dropped). */
  log: (message: string) => void;
  /** Called on each new connection, before queued requests are sent. */
  onConnected: () => void;
}

/** A JSON-RPC client over a connection it keeps open; see {@link createRpcClient}. */
export interface RpcClient {
  /** Sends a request now, or once connected; its call hears the answer, a failure or the close. */
  request(method: string, params: unknown, call: RpcCall): void;
  /** Opens the connection if it is not open or opening. */
  connect(): void;
  /** Whether `close` was called. */
  readonly closed: boolean;
  /** Cancels waiting requests and closes the connection; later requests are the caller's to refuse. */
  close(): void;
}

/** A request waiting for its answer. */
interface Pending extends RpcCall {
  text: string;
  /** The channel it went out on, or null while it waits for a connection. */
  sentOn: MessageChannel | null;
  timer: NodeJS.Timeout;
}

/**
 * Opens a connection with `transport` and keeps it: reconnects with jittered exponential backoff
 * when it drops, queues requests while disconnected, matches answers to requests on the
 * connection they went out on, and fails each request that is not answered within the timeout.
 *
 * @example
 * ```ts
 * const client = createRpcClient(transport, { ...limits, log: console.error, onConnected() {} });
 * client.request("hooks/dispatch", { event: "Stop" }, { answer, fail, cancel });
 * ```
 */
export function createRpcClient(transport: ConnectChannel, options: RpcClientOptions): RpcClient {
  const { timeoutMs, maxMessageBytes, log } = options;
  const firstDelayMs = options.reconnectDelayMs;
  const maxDelayMs = options.maxReconnectDelayMs;
  const pending = new Map<number, Pending>();
  let channel: MessageChannel | null = null;
  let connecting = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  let lastProblem: string | null = null;
  let refused = false;
  let closed = false;
  let nextId = 1;

  const send = (entry: Pending) => {
    // Marked first: a synchronous channel may deliver the answer before `send` returns.
    entry.sentOn = channel;
    if (channel?.send(entry.text) !== true) entry.sentOn = null;
  };

  const connect = () => {
    if (closed || connecting || channel !== null || reconnectTimer !== null) return;
    connecting = true;
    // A transport that throws at once is a failed attempt like any other.
    Promise.resolve()
      .then(transport)
      .then(
        (opened) => {
          connecting = false;
          if (closed) {
            opened.close();
            return;
          }
          lastProblem = null;
          refused = false;
          channel = opened;
          log("connected");
          opened.listen({
            message: (text) => receive(opened, text),
            oversized: (limitBytes) => log(`dropped an answer over ${limitBytes} bytes`),
            close: (reason) => drop(opened, reason),
          });
          if (channel !== opened) return;
          options.onConnected();
          for (const entry of pending.values()) if (entry.sentOn === null) send(entry);
        },
        (error: unknown) => {
          connecting = false;
          lastProblem = `cannot connect: ${error instanceof Error ? error.message : String(error)}`;
          log(lastProblem);
          refused = error instanceof ConnectionRefusedError;
          if (refused) failUnsent(lastProblem);
          scheduleReconnect();
        },
      );
  };

  // Requests still waiting for a connection end at once when the hook side refused this agent.
  const failUnsent = (problem: string) => {
    for (const [id, entry] of pending) {
      if (entry.sentOn !== null) continue;
      pending.delete(id);
      clearTimeout(entry.timer);
      entry.fail(`not connected (${problem})`);
    }
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer !== null) return;
    const ceiling = refused ? maxDelayMs : Math.min(maxDelayMs, firstDelayMs * 2 ** failures);
    failures += 1;
    // Jitter keeps many agents from reconnecting in step after the hook side restarts.
    const delay = Math.round(ceiling * (0.5 + Math.random() * 0.5));
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
    // Waiting to reconnect must not keep an idle host process alive.
    reconnectTimer.unref();
  };

  const drop = (dropped: MessageChannel, reason: string) => {
    if (channel !== dropped) return;
    channel = null;
    dropped.close();
    lastProblem = `connection lost (${reason})`;
    log(lastProblem);
    // A request already sent may or may not have run its hooks: it is not sent again.
    for (const [id, entry] of pending) {
      if (entry.sentOn !== dropped) continue;
      pending.delete(id);
      clearTimeout(entry.timer);
      entry.fail(`the connection was lost before the answer (${reason})`);
    }
    scheduleReconnect();
  };

  const receive = (from: MessageChannel, text: string) => {
    const message = readJsonRpcMessage(text);
    if (message.kind === "request") {
      // The hook side may only answer; an agent runs nothing it is asked to.
      from.send(
        formatJsonRpcError(message.id, jsonRpcErrorCodes.methodNotFound, "Method not found"),
      );
      return;
    }
    if (message.kind !== "result" && message.kind !== "error") {
      log(`ignored a message that is not an answer (${message.kind})`);
      return;
    }
    const { id } = message;
    const entry = typeof id === "number" ? pending.get(id) : undefined;
    // Only an answer on the connection its request went out on counts.
    if (typeof id !== "number" || entry === undefined || entry.sentOn !== from) {
      log(`dropped a late or unknown answer (id ${JSON.stringify(id)})`);
      return;
    }
    pending.delete(id);
    clearTimeout(entry.timer);
    // A connection that answers is healthy: the next drop starts the backoff again.
    failures = 0;
    entry.answer(message);
  };

  const request = (method: string, params: unknown, entry: RpcCall) => {
    const id = nextId++;
    let text: string;
    try {
      text = formatJsonRpcRequest(id, method, params);
    } catch (error) {
      entry.fail(`the request cannot be serialized (${String(error)})`);
      return;
    }
    const bytes = Buffer.byteLength(text);
    if (bytes > maxMessageBytes) {
      entry.fail(
        `the request is ${bytes} bytes, over the limit of ${maxMessageBytes}; it was not sent`,
      );
      return;
    }
    if (channel === null && refused && lastProblem !== null) {
      entry.fail(`not connected (${lastProblem})`);
      connect();
      return;
    }
    const timer = setTimeout(() => {
      const waiting = pending.get(id);
      if (waiting === undefined) return;
      pending.delete(id);
      const where =
        waiting.sentOn !== null
          ? "no answer"
          : `not connected${lastProblem === null ? "" : ` (${lastProblem})`}`;
      waiting.fail(`${where} within ${timeoutMs} ms`);
    }, timeoutMs);
    const full: Pending = { ...entry, text, sentOn: null, timer };
    pending.set(id, full);
    if (channel !== null) send(full);
    else connect();
  };

  return {
    request,
    connect,
    get closed() {
      return closed;
    },
    close() {
      if (closed) return;
      closed = true;
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      for (const [id, entry] of pending) {
        pending.delete(id);
        clearTimeout(entry.timer);
        entry.cancel();
      }
      const open = channel;
      channel = null;
      open?.close();
    },
  };
}
