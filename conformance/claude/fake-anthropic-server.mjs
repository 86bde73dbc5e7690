// A fake Anthropic Messages API on 127.0.0.1: scripted turns for the main loop, minimal valid
// answers to everything else, and a log of every request so a scenario can read what the model was
// sent.
import { parseRequestBody, startLocalServer } from "../start-local-server.mjs";

/**
 * @typedef {{ kind: "tool", name: string, input: object } | { kind: "text", text: string }} ScriptedTurn
 * @typedef {{ method: string, url: string, body: any }} LoggedRequest
 */

/**
 * Counts the assistant messages already in a request: the index of the turn the model is asked for.
 * @param {any} body
 */
function countAssistantTurns(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  return messages.filter((message) => message?.role === "assistant").length;
}

/**
 * Whether a request is the main agent loop (it offers the Bash tool), not a side call such as a
 * title or a quota check.
 * @param {any} body
 */
function isMainLoopRequest(body) {
  return Array.isArray(body?.tools) && body.tools.some((tool) => tool?.name === "Bash");
}

/**
 * Builds the content blocks of one scripted turn.
 * @param {ScriptedTurn} turn
 * @param {number} turnIndex
 */
function createContentBlocks(turn, turnIndex) {
  if (turn.kind === "tool") {
    return [
      { type: "tool_use", id: `toolu_fake_${turnIndex}`, name: turn.name, input: turn.input },
    ];
  }
  return [{ type: "text", text: turn.text }];
}

/**
 * Writes a message as the Messages API's server-sent events.
 * @param {import("node:http").ServerResponse} response
 * @param {string} model
 * @param {Array<any>} blocks
 */
function writeStreamedMessage(response, model, blocks) {
  const stopReason = blocks.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn";
  response.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache",
    connection: "keep-alive",
    "request-id": "req_fake",
  });
  /** @param {string} event @param {object} data */
  const send = (event, data) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send("message_start", {
    type: "message_start",
    message: {
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 1 },
    },
  });
  blocks.forEach((block, index) => {
    if (block.type === "tool_use") {
      send("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
      });
      send("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) },
      });
    } else {
      send("content_block_start", {
        type: "content_block_start",
        index,
        content_block: { type: "text", text: "" },
      });
      send("content_block_delta", {
        type: "content_block_delta",
        index,
        delta: { type: "text_delta", text: block.text },
      });
    }
    send("content_block_stop", { type: "content_block_stop", index });
  });
  send("message_delta", {
    type: "message_delta",
    delta: { stop_reason: stopReason, stop_sequence: null },
    usage: { output_tokens: 5 },
  });
  send("message_stop", { type: "message_stop" });
  response.end();
}

/**
 * Answers a message request, streamed or not.
 * @param {import("node:http").ServerResponse} response
 * @param {any} body
 * @param {Array<any>} blocks
 */
function answerMessage(response, body, blocks) {
  const model = typeof body?.model === "string" ? body.model : "claude-fake";
  if (body?.stream === true) {
    writeStreamedMessage(response, model, blocks);
    return;
  }
  const stopReason = blocks.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn";
  response.writeHead(200, { "content-type": "application/json" });
  response.end(
    JSON.stringify({
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model,
      content: blocks,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 5 },
    }),
  );
}

/**
 * Starts a fake Messages API that plays `turns` to the main loop (turn n answers the request that
 * already holds n assistant messages; past the script it answers "done").
 * @param {ScriptedTurn[]} turns
 * @returns {Promise<{ url: string, requests: LoggedRequest[], mainLoopRequests: () => any[], close: () => Promise<void> }>}
 */
export async function startFakeAnthropicServer(turns) {
  /** @type {LoggedRequest[]} */
  const requests = [];
  const server = await startLocalServer((request, response, text) => {
    const body = parseRequestBody(text);
    const url = request.url ?? "/";
    requests.push({ method: request.method ?? "GET", url, body });
    const path = url.split("?")[0] ?? "/";
    if (request.method === "POST" && path.endsWith("/v1/messages/count_tokens")) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ input_tokens: 10 }));
      return;
    }
    if (request.method === "POST" && path.endsWith("/v1/messages")) {
      if (!isMainLoopRequest(body)) {
        answerMessage(response, body, [{ type: "text", text: "ok" }]);
        return;
      }
      const turnIndex = countAssistantTurns(body);
      const turn = turns[turnIndex] ?? { kind: "text", text: "done" };
      answerMessage(response, body, createContentBlocks(turn, turnIndex));
      return;
    }
    if (request.method === "GET" && path.endsWith("/v1/models")) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ data: [], has_more: false, first_id: null, last_id: null }));
      return;
    }
    response.writeHead(404, { "content-type": "application/json" });
    response.end(
      JSON.stringify({ type: "error", error: { type: "not_found_error", message: "fake" } }),
    );
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    requests,
    mainLoopRequests: () =>
      requests
        .filter((request) => request.method === "POST" && isMainLoopRequest(request.body))
        .map((request) => request.body),
    close: server.close,
  };
}
