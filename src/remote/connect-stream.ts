import { type SpawnOptions, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import { createStreamChannel } from "./create-stream-channel.js";
import { type ConnectChannel, defaultMaxMessageBytes } from "./message-channel.js";

/** A byte stream pair: where answers are read and where requests are written. */
export interface StreamPair {
  input: Readable;
  output: Writable;
}

/** Options of {@link connectStream} and {@link spawnHookServer}. */
export interface ConnectStreamOptions {
  /** The longest line accepted, in UTF-8 bytes; default 8 MiB. */
  maxMessageBytes?: number;
}

/**
 * Connects over a byte stream pair that `open` provides each time (a socket, a pipe), carrying
 * newline-delimited JSON-RPC; when `open` fails, the attempt fails and is retried with backoff.
 */
export function connectStream(
  open: () => StreamPair | Promise<StreamPair>,
  options: ConnectStreamOptions = {},
): ConnectChannel {
  const maxMessageBytes = options.maxMessageBytes ?? defaultMaxMessageBytes;
  return async () => {
    const { input, output } = await open();
    return createStreamChannel(input, output, { maxMessageBytes });
  };
}

/** Options of {@link spawnHookServer}. */
export interface SpawnHookServerOptions extends ConnectStreamOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Where the server's stderr (its log) goes; default `inherit`. */
  stderr?: "inherit" | "ignore";
}

/**
 * Starts the hook side as a child process speaking JSON-RPC on its stdio (such as
 * `agent-hooks serve --stdio`, possibly through `ssh`); a reconnection starts it again.
 *
 * @example
 * ```ts
 * const engine = createRemoteHookEngine(
 *   spawnHookServer("npx", ["agent-hooks", "serve", "--stdio", "--config", "hooks.json"]),
 * );
 * ```
 */
export function spawnHookServer(
  command: string,
  args: readonly string[],
  options: SpawnHookServerOptions = {},
): ConnectChannel {
  return connectStream(
    () =>
      new Promise<StreamPair>((resolve, reject) => {
        const spawnOptions: SpawnOptions = {
          stdio: ["pipe", "pipe", options.stderr ?? "inherit"],
          ...(options.cwd !== undefined && { cwd: options.cwd }),
          ...(options.env !== undefined && { env: options.env }),
        };
        const child = spawn(command, [...args], spawnOptions);
        child.once("error", reject);
        child.once("spawn", () => {
          const { stdout, stdin } = child;
          if (stdout === null || stdin === null) {
            reject(new Error(`${command} started without pipes`));
            return;
          }
          resolve({ input: stdout, output: stdin });
        });
      }),
    options,
  );
}
