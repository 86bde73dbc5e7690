// A fake Gemini API on 127.0.0.1 for the conformance suite: it answers Gemini CLI's
// `streamGenerateContent?alt=sse` with scripted turns and logs every request, so a scenario can
// see what the model was sent (function responses carrying deny reasons, added context, prompts).
import { parseRequestBody, startLocalServer } from "../start-local-server.mjs";

/**
 * One scripted model turn: a function call, or text.
 * @typedef {{ functionCall: { name: string, args: object } } | { text: string }} ScriptedTurn
 */

/**
 * What the server recorded for one scenario (keyed by the API key Gemini CLI sends).
 * @typedef {{ turns: ScriptedTurn[], requests: Array<{ method: string, url: string, body: unknown }>,
 *             modelCalls: Array<{ contents: Array<{ role?: string, parts?: object[] }> }> }} Conversation
 */

/**
 * A scenario's script: the model calls `functionCall` if given, then answers "Done.".
 * @param {{ name: string, args: object } | undefined} functionCall
 * @returns {ScriptedTurn[]}
 */
export function createTurns(functionCall) {
  return functionCall === undefined ? [{ text: "Done." }] : [{ functionCall }, { text: "Done." }];
}

/** @param {ScriptedTurn} turn */
function toStreamChunk(turn) {
  return {
    candidates: [{ content: { role: "model", parts: [turn] }, finishReason: "STOP", index: 0 }],
    usageMetadata: { promptTokenCount: 12, candidatesTokenCount: 4, totalTokenCount: 16 },
    modelVersion: "gemini-2.5-flash",
  };
}

/**
 * Starts the fake Gemini API on a random port of 127.0.0.1.
 * @returns {Promise<{ baseUrl: string, open: (key: string, turns: ScriptedTurn[]) => Conversation,
 *           close: () => Promise<void>, unknownRequests: Array<{ method: string, url: string }> }>}
 */
export async function startFakeGeminiServer() {
  /** @type {Map<string, Conversation>} */
  const conversations = new Map();
  /** @type {Array<{ method: string, url: string }>} */
  const unknownRequests = [];

  const server = await startLocalServer((request, response, text) => {
    const body = parseRequestBody(text);
    const key = String(request.headers["x-goog-api-key"] ?? "");
    const conversation = conversations.get(key);
    const url = request.url ?? "";
    if (conversation === undefined) {
      unknownRequests.push({ method: request.method ?? "", url });
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ error: { code: 404, message: "no scenario for this key" } }));
      return;
    }
    conversation.requests.push({ method: request.method ?? "", url, body });
    if (url.includes(":streamGenerateContent")) {
      const contents =
        typeof body === "object" && body !== null && Array.isArray(body.contents)
          ? body.contents
          : [];
      const index = Math.min(conversation.modelCalls.length, conversation.turns.length - 1);
      conversation.modelCalls.push({ contents });
      const turn = conversation.turns[index] ?? { text: "Done." };
      response.writeHead(200, { "content-type": "text/event-stream", connection: "close" });
      response.end(`data: ${JSON.stringify(toStreamChunk(turn))}\r\n\r\n`);
      return;
    }
    if (url.includes(":countTokens")) {
      response.writeHead(200, { "content-type": "application/json", connection: "close" });
      response.end(JSON.stringify({ totalTokens: 16 }));
      return;
    }
    if (url.includes(":generateContent")) {
      // Utility calls (next-speaker check, loop detection): a neutral JSON answer.
      response.writeHead(200, { "content-type": "application/json", connection: "close" });
      const answer = { next_speaker: "user", reasoning: "The turn is complete." };
      response.end(
        JSON.stringify({
          candidates: [
            {
              content: { role: "model", parts: [{ text: JSON.stringify(answer) }] },
              finishReason: "STOP",
              index: 0,
            },
          ],
          usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
        }),
      );
      return;
    }
    response.writeHead(200, { "content-type": "application/json", connection: "close" });
    response.end("{}");
  });
  return {
    baseUrl: `http://127.0.0.1:${server.port}`,
    unknownRequests,
    open(key, turns) {
      /** @type {Conversation} */
      const conversation = { turns, requests: [], modelCalls: [] };
      conversations.set(key, conversation);
      return conversation;
    },
    close: server.close,
  };
}
