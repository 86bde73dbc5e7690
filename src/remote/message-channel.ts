/** What a channel reports to the side that reads it. */
export interface MessageListeners {
  /** One whole message (a line, or a text frame). */
  message(text: string): void;
  /** A message over the size limit was refused; `limitBytes` is that limit. */
  oversized(limitBytes: number): void;
  /** No more messages will arrive; `reason` says why, for logs (a stream may still send). */
  close(reason: string): void;
}

/**
 * One open connection carrying whole JSON-RPC messages: a newline-delimited byte stream or a
 * WebSocket, seen the same way by both sides.
 */
export interface MessageChannel {
  /** Sends one message; false when the channel is closed and nothing was sent. */
  send(text: string): boolean;
  /** Starts delivering messages; call once. */
  listen(listeners: MessageListeners): void;
  /** Closes the connection; the `close` listener is called once. */
  close(): void;
}

/** Opens a channel to the side where the hooks live; called again after a drop. */
export type ConnectChannel = () => Promise<MessageChannel>;

/** The default limit on one message, in UTF-8 bytes, on both sides. */
export const defaultMaxMessageBytes = 8 * 1024 * 1024;

/**
 * Why a connection attempt failed for good (a wrong token, a forbidden origin): dispatches stop
 * waiting for a connection at once, while reconnection goes on at the longest backoff.
 */
export class ConnectionRefusedError extends Error {
  override name = "ConnectionRefusedError";
}
