import { WebSocket } from "ws";
import { createWebSocketChannel } from "./create-websocket-channel.js";
import {
  type ConnectChannel,
  ConnectionRefusedError,
  defaultMaxMessageBytes,
} from "./message-channel.js";

/** Options of {@link connectWebSocket}. */
export interface ConnectWebSocketOptions {
  /** The session token the hook side printed (or was given in `AGENT_HOOKS_TOKEN`). */
  token: string;
  /** The largest answer accepted, in bytes; default 8 MiB. */
  maxMessageBytes?: number;
  /** How long the opening handshake may take; default 5 000 ms. */
  handshakeTimeoutMs?: number;
}

/**
 * Connects to `agent-hooks serve --listen` (or {@link startWebSocketServer}) over WebSocket,
 * presenting the token as `Authorization: Bearer`; each call opens a new connection.
 *
 * @example
 * ```ts
 * const engine = createRemoteHookEngine(
 *   connectWebSocket("ws://127.0.0.1:7777", { token: process.env.AGENT_HOOKS_TOKEN ?? "" }),
 * );
 * ```
 */
export function connectWebSocket(url: string, options: ConnectWebSocketOptions): ConnectChannel {
  const maxMessageBytes = options.maxMessageBytes ?? defaultMaxMessageBytes;
  return () =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(url, {
        headers: { authorization: `Bearer ${options.token}` },
        maxPayload: maxMessageBytes,
        handshakeTimeout: options.handshakeTimeoutMs ?? 5000,
        perMessageDeflate: false,
      });
      // Listening at once keeps early frames and errors from being lost.
      const channel = createWebSocketChannel(socket, maxMessageBytes);
      socket.once("open", () => resolve(channel));
      socket.once("unexpected-response", (_request, response) => {
        const status = response.statusCode ?? 0;
        const message = `the hook side refused the connection (HTTP ${status})`;
        // A wrong token stays wrong: waiting for the next attempt would only delay the answer.
        reject(
          status === 401 || status === 403
            ? new ConnectionRefusedError(`${message}; check the token`)
            : new Error(message),
        );
        socket.terminate();
      });
      socket.once("error", (error) => reject(error));
      socket.once("close", () => reject(new Error("the connection closed during the handshake")));
    });
}
