import { WebSocket } from "ws";
import type { MessageChannel, MessageListeners } from "./message-channel.js";

/**
 * Carries JSON-RPC messages as text frames over an open WebSocket (from `ws`); frames that arrive
 * before `listen` are kept for it.
 */
export function createWebSocketChannel(socket: WebSocket, maxMessageBytes: number): MessageChannel {
  let listeners: MessageListeners | null = null;
  const early: string[] = [];
  let closedReason: string | null = null;

  socket.on("message", (data, isBinary) => {
    if (isBinary) return;
    const text = decodeFrame(data);
    if (listeners === null) early.push(text);
    else listeners.message(text);
  });
  socket.on("error", (error: Error & { code?: string }) => {
    // `ws` reports a frame over `maxPayload` as an error, then closes with 1009.
    if (error.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH") listeners?.oversized(maxMessageBytes);
  });
  socket.on("close", (code, reason) => {
    closedReason = `WebSocket closed (${code}${reason.length > 0 ? `: ${reason.toString()}` : ""})`;
    listeners?.close(closedReason);
  });

  return {
    send(text) {
      if (socket.readyState !== WebSocket.OPEN) return false;
      socket.send(text);
      return true;
    },
    listen(given) {
      listeners = given;
      for (const text of early.splice(0)) given.message(text);
      if (closedReason !== null) given.close(closedReason);
    },
    close() {
      if (socket.readyState === WebSocket.CONNECTING) socket.terminate();
      else socket.close(1000);
    },
  };
}

function decodeFrame(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString("utf8");
  return data.toString("utf8");
}
