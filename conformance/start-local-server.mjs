// The HTTP server under each agent suite's fake model API: a random port of 127.0.0.1, each request
// handed over with its whole body.
import { createServer } from "node:http";

/**
 * Starts an HTTP server on a random port of 127.0.0.1 that hands each request, once its body has
 * arrived, to `answer` with the body as text.
 * @param {(request: import("node:http").IncomingMessage,
 *   response: import("node:http").ServerResponse, text: string) => void} answer
 * @returns {Promise<{ port: number, close: () => Promise<void> }>}
 */
export async function startLocalServer(answer) {
  const server = createServer((request, response) => {
    /** @type {Buffer[]} */
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => answer(request, response, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  return {
    port: typeof address === "object" && address !== null ? address.port : 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}

/**
 * A request body read as JSON: null when empty, the text itself when it is not JSON.
 * @param {string} text
 * @returns {any}
 */
export function parseRequestBody(text) {
  try {
    return text === "" ? null : JSON.parse(text);
  } catch {
    return text;
  }
}
