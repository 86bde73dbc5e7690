import type { Readable, Writable } from "node:stream";
import {
  defaultMaxMessageBytes,
  type MessageChannel,
  type MessageListeners,
} from "./message-channel.js";
import { createLineSplitter } from "./split-lines.js";

/** Options of {@link createStreamChannel}. */
export interface StreamChannelOptions {
  /** The longest line accepted, in UTF-8 bytes; a longer one is dropped and reported. */
  maxMessageBytes?: number;
}

/**
 * Carries newline-delimited JSON messages over a byte stream pair: a child's stdio, the
 * process's own stdin and stdout, or both directions of a socket.
 *
 * @example
 * ```ts
 * const channel = createStreamChannel(process.stdin, process.stdout);
 * serveHookEngine(engine, channel);
 * ```
 */
export function createStreamChannel(
  input: Readable,
  output: Writable,
  options: StreamChannelOptions = {},
): MessageChannel {
  const maxBytes = options.maxMessageBytes ?? defaultMaxMessageBytes;
  let closed = false;
  let receiving = true;
  let listeners: MessageListeners | null = null;
  const cleanups: (() => void)[] = [];

  // The input ending stops messages; the output stays open for answers still on their way.
  const stopReceiving = (reason: string) => {
    if (!receiving) return;
    receiving = false;
    listeners?.close(reason);
  };
  const finish = (reason: string) => {
    if (closed) return;
    closed = true;
    for (const cleanup of cleanups) cleanup();
    try {
      output.end();
      // A flowing input would keep the event loop alive.
      input.destroy();
    } catch {
      // Already ended or destroyed: nothing more to flush.
    }
    stopReceiving(reason);
  };
  // biome-ignore lint/suspicious/noExplicitAny: stream listeners take event-specific arguments.
  const on = (stream: Readable | Writable, name: string, listener: (...args: any[]) => void) => {
    stream.on(name, listener);
    cleanups.push(() => stream.off(name, listener));
  };
  // A write to a peer that went away must not crash the process: it closes the channel.
  on(output, "error", (error: Error) => finish(`output failed: ${error.message}`));
  on(output, "close", () => finish("output closed"));

  return {
    send(text) {
      if (closed || output.writableEnded || output.destroyed) return false;
      output.write(`${text}\n`);
      return true;
    },
    listen(given) {
      listeners = given;
      const splitter = createLineSplitter(maxBytes, {
        line: (text) => {
          if (receiving) given.message(text);
        },
        oversized: (limitBytes) => {
          if (receiving) given.oversized(limitBytes);
        },
      });
      on(input, "data", (chunk: Buffer | string) => {
        splitter.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
      });
      on(input, "end", () => {
        splitter.end();
        stopReceiving("end of input");
      });
      on(input, "error", (error: Error) => stopReceiving(`input failed: ${error.message}`));
      on(input, "close", () => stopReceiving("input closed"));
    },
    close() {
      finish("closed");
    },
  };
}
