import { formatJsonRpcRequest, type JsonRpcId, type JsonRpcMessage } from "./json-rpc-message.js";
import { cancelRequestMethod } from "./protocol-schema.js";

/** The server's requests to one host, waiting for their answers; see {@link createHostCaller}. */
export interface HostCaller {
  /**
   * Sends a request to the host and resolves with its result; rejects with the host's error, when
   * `signal` aborts (after telling the host with `$/cancelRequest`) or when the host goes away.
   */
  call(method: string, params: unknown, signal: AbortSignal): Promise<unknown>;
  /** Hands over an answer from the host; false when no request of ours waits for that id. */
  receive(answer: Extract<JsonRpcMessage, { kind: "result" | "error" }>): boolean;
  /** Rejects every waiting request (the host went away) and every later one. */
  close(reason: string): void;
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * Creates the server side's caller of one connection's host: `host/*` requests numbered on
 * their own, each ended by the host's answer, the caller's signal (the handler's timeout or the
 * engine's close) or the connection's end, whichever comes first, so a dispatch never waits on a
 * host that answers late or never.
 *
 * @example
 * ```ts
 * const caller = createHostCaller((text) => channel.send(text));
 * const reply = await caller.call("host/evaluatePrompt", params, signal);
 * ```
 */
export function createHostCaller(send: (text: string) => boolean): HostCaller {
  const waiting = new Map<JsonRpcId, Waiting>();
  let closedReason: string | null = null;
  let nextId = 1;

  return {
    call(method, params, signal) {
      if (closedReason !== null) {
        return Promise.reject(new Error(`the host went away (${closedReason})`));
      }
      if (signal.aborted) return Promise.reject(new Error(`${method} was cancelled`));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (!waiting.delete(id)) return;
          // The host may stop working on it; an answer that still comes is dropped.
          send(formatJsonRpcRequest(null, cancelRequestMethod, { id }));
          reject(
            new Error(`${method} was cancelled (the handler's timeout, or the server closing)`),
          );
        };
        const settle = () => signal.removeEventListener("abort", onAbort);
        waiting.set(id, {
          resolve: (value) => {
            settle();
            resolve(value);
          },
          reject: (error) => {
            settle();
            reject(error);
          },
        });
        signal.addEventListener("abort", onAbort, { once: true });
        if (!send(formatJsonRpcRequest(id, method, params))) {
          waiting.delete(id);
          settle();
          reject(new Error(`cannot send ${method}: the connection is closed`));
        }
      });
    },
    receive(answer) {
      const entry = answer.id === null ? undefined : waiting.get(answer.id);
      if (entry === undefined || answer.id === null) return false;
      waiting.delete(answer.id);
      if (answer.kind === "result") entry.resolve(answer.result);
      else
        entry.reject(new Error(`the host answered with error ${answer.code}: ${answer.message}`));
      return true;
    },
    close(reason) {
      if (closedReason !== null) return;
      closedReason = reason;
      const entries = [...waiting.values()];
      waiting.clear();
      for (const entry of entries) entry.reject(new Error(`the host went away (${reason})`));
    },
  };
}
