import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebSocketServer } from "ws";
import type { HookEngine } from "../engine/engine.js";
import { checkRequestToken } from "./check-request-token.js";
import type { RunRelay } from "./create-run-relay.js";
import { createWebSocketChannel } from "./create-websocket-channel.js";
import { defaultMaxMessageBytes } from "./message-channel.js";
import { serveHookEngine } from "./serve-hook-engine.js";

/** Options of {@link startWebSocketServer}. */
export interface WebSocketServerOptions {
  /** The address to bind; defaults to the loopback `127.0.0.1`. */
  host?: string;
  /** The port; 0 (the default) picks a free one. */
  port?: number;
  /** The per-session token agents must present; defaults to 32 random bytes, base64url. */
  token?: string;
  /** The largest frame accepted, in bytes; a larger one closes that connection (code 1009). */
  maxMessageBytes?: number;
  /**
   * Origins (`scheme://host[:port]`) whose pages may connect. An upgrade that carries an `Origin`
   * header (every browser sends one; agents do not) is refused with 403 unless it is listed here.
   */
  allowedOrigins?: readonly string[];
  /** Receives one line per notable event (connections, refusals), for logs. */
  onLog?: (message: string) => void;
  /** The relay whose `engineOptions` the engine was created with, for run notifications. */
  relay?: RunRelay;
  /** Lets agents add and remove skill and subagent hooks, which run commands the configuration does not name. */
  allowScopedHooks?: boolean;
}

/** A listening WebSocket hook server. */
export interface WebSocketHookServer {
  /** `ws://host:port`, without the token. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  /** The token agents must present. */
  readonly token: string;
  /** Stops accepting, closes every connection (code 1001) and stops listening. */
  close(): Promise<void>;
}

const closeGraceMs = 1000;

/**
 * Serves a hook engine to agents over WebSocket: binds to loopback by default, refuses an upgrade
 * from a web page (an `Origin` not in `allowedOrigins`) with 403 and one without the session
 * token with 401, keeps the token out of the engine's hook environments, and serves each
 * connection with {@link serveHookEngine}.
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: "deepagents" });
 * const server = await startWebSocketServer(engine, { port: 7777 });
 * console.error(`listening on ${server.url}, token ${server.token}`);
 * ```
 */
export async function startWebSocketServer(
  engine: HookEngine,
  options: WebSocketServerOptions = {},
): Promise<WebSocketHookServer> {
  const host = options.host ?? "127.0.0.1";
  const token = options.token ?? randomBytes(32).toString("base64url");
  const maxMessageBytes = options.maxMessageBytes ?? defaultMaxMessageBytes;
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map(normalizeOrigin));
  // The hooks this server runs must not be able to read the token that reaches them.
  engine.withholdSecrets?.([token]);
  const log = (message: string) => {
    try {
      options.onLog?.(message);
    } catch {
      // A logger's failure must not break serving.
    }
  };
  const sockets = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes });
  const server = createServer((_request, response) => {
    response.writeHead(426, { "content-type": "text/plain", upgrade: "websocket" });
    response.end("agent-hooks serve speaks WebSocket only\n");
  });
  server.on("upgrade", (request: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    const peer = `${socket.remoteAddress ?? "?"}:${socket.remotePort ?? "?"}`;
    const origin = readOrigin(request);
    if (origin !== null && !allowedOrigins.has(normalizeOrigin(origin))) {
      log(
        `refused a connection from ${peer}: origin ${JSON.stringify(origin)} is not allowed (403)`,
      );
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    if (!checkRequestToken(request, token)) {
      log(`refused a connection from ${peer}: missing or wrong token (401)`);
      socket.end(
        "HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nWWW-Authenticate: Bearer\r\nContent-Length: 0\r\n\r\n",
      );
      return;
    }
    sockets.handleUpgrade(request, socket, head, (webSocket) => {
      log(`agent connected from ${peer}`);
      serveHookEngine(engine, createWebSocketChannel(webSocket, maxMessageBytes), {
        onLog: (message) => log(`${peer}: ${message}`),
        ...(options.relay !== undefined && { relay: options.relay }),
        ...(options.allowScopedHooks !== undefined && {
          allowScopedHooks: options.allowScopedHooks,
        }),
      });
    });
  });
  server.listen(options.port ?? 0, host);
  await Promise.race([
    once(server, "listening"),
    once(server, "error").then(([error]) => Promise.reject(error)),
  ]);
  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `ws://${urlHost}:${address.port}`,
    host: address.address,
    port: address.port,
    token,
    async close() {
      server.close();
      for (const client of sockets.clients) client.close(1001, "server shutting down");
      const deadline = Date.now() + closeGraceMs;
      while (sockets.clients.size > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
    },
  };
}

/** The page origin a browser sent (`Origin`, or `Sec-WebSocket-Origin` of older drafts), or null. */
function readOrigin(request: IncomingMessage): string | null {
  const header = request.headers.origin ?? request.headers["sec-websocket-origin"];
  const origin = Array.isArray(header) ? header.join(",") : header;
  return origin === undefined ? null : origin;
}

/** An origin as browsers send it (lowercase scheme and host, no default port); as given otherwise. */
function normalizeOrigin(origin: string): string {
  try {
    const parsed = new URL(origin.trim());
    return parsed.origin === "null" ? origin.trim() : parsed.origin;
  } catch {
    return origin.trim();
  }
}
