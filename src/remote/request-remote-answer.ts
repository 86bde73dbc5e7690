import type { RpcClient } from "./create-rpc-client.js";
import type { RemoteAnswer } from "./parse-remote-answer.js";

/** How the ways a request can end become its answer. */
export interface RemoteAnswerReaders<RESULT> {
  /** Checks the hook side's result (untrusted JSON). */
  parse: (result: unknown) => RemoteAnswer<RESULT>;
  /** The answer when the hook side refused, did not answer in time, or answered out of shape. */
  unavailable: (reason: string) => RESULT;
  /** The answer when the engine closed before the hook side answered. */
  cancelled: () => RESULT;
}

/**
 * Sends one request and resolves with its answer; it never rejects: a refusal, a failure, an
 * answer out of shape and the engine's close each become an answer through `readers`.
 */
export function requestRemoteAnswer<RESULT>(
  client: Pick<RpcClient, "request">,
  method: string,
  params: unknown,
  readers: RemoteAnswerReaders<RESULT>,
): Promise<RESULT> {
  return new Promise((resolve) => {
    const unavailable = (reason: string) => resolve(readers.unavailable(reason));
    client.request(method, params, {
      answer(message) {
        if (message.kind === "error") {
          unavailable(`the hook side refused the request: ${message.message} (${message.code})`);
          return;
        }
        const parsed = readers.parse(message.result);
        if (parsed.ok) resolve(parsed.value);
        else unavailable(`the hook side answered with ${parsed.message}`);
      },
      fail: unavailable,
      cancel: () => resolve(readers.cancelled()),
    });
  });
}
