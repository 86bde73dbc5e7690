// A fake OpenAI Responses API on 127.0.0.1 for Codex: `POST <prefix>/v1/responses` answers in SSE.
// Each scenario gets its own URL prefix (`/s/<key>`), so one server serves scenarios run in
// parallel. A scenario's script is one tool call: the server sends it while the request's input
// holds no output for that call, and a plain assistant message once it does (or when the scenario
// has no tool call), so retries and extra turns (a Stop hook's continuation) end the turn too.
// Every request is logged, parsed, per scenario.
import { parseRequestBody, startLocalServer } from "../start-local-server.mjs";

/**
 * @typedef {{ type: "exec", command: string } | { type: "patch", patch: string }} ToolCall
 * @typedef {{ method: string, url: string, body: any, at: number }} LoggedRequest
 */

/** The call id every scripted tool call uses. */
export const scriptedCallId = "call_conformance_1";

/**
 * Starts the server on a random port.
 * @returns {Promise<{ port: number, register: (key: string, toolCall: ToolCall | null) => string,
 *   requestsOf: (key: string) => LoggedRequest[], close: () => Promise<void> }>}
 */
export async function startFakeResponsesServer() {
  /** @type {Map<string, { toolCall: ToolCall | null, requests: LoggedRequest[] }>} */
  const scenarios = new Map();
  const server = await startLocalServer((request, response, text) =>
    answerRequest(scenarios, request, response, text),
  );
  const { port } = server;
  return {
    port,
    register(key, toolCall) {
      scenarios.set(key, { toolCall, requests: [] });
      return `http://127.0.0.1:${port}/s/${key}/v1`;
    },
    requestsOf(key) {
      return scenarios.get(key)?.requests ?? [];
    },
    close: server.close,
  };
}

/**
 * @param {Map<string, { toolCall: ToolCall | null, requests: LoggedRequest[] }>} scenarios
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 * @param {string} text
 */
function answerRequest(scenarios, request, response, text) {
  const url = request.url ?? "";
  const match = /^\/s\/([^/]+)(\/.*)$/.exec(url);
  const scenario = match ? scenarios.get(match[1] ?? "") : undefined;
  const body = parseRequestBody(text);
  scenario?.requests.push({
    method: request.method ?? "",
    url: match?.[2] ?? url,
    body,
    at: performance.now(),
  });
  if (scenario && request.method === "POST" && url.endsWith("/responses")) {
    const input = Array.isArray(body?.input) ? body.input : [];
    const answered = input.some(
      (/** @type {any} */ item) =>
        typeof item?.type === "string" &&
        item.type.endsWith("_output") &&
        item.call_id === scriptedCallId,
    );
    const item =
      scenario.toolCall && !answered && scenario.requests.length < 6
        ? toolCallItem(scenario.toolCall)
        : messageItem(`done ${scenario.requests.length}`);
    writeStream(response, item, scenario.requests.length);
    return;
  }
  // Anything else Codex asks at start (none seen with the suite's config): an empty, valid answer.
  response.writeHead(request.method === "GET" ? 200 : 404, { "content-type": "application/json" });
  response.end(url.endsWith("/models") ? '{"object":"list","data":[]}' : "{}");
}

/** @param {ToolCall} toolCall */
function toolCallItem(toolCall) {
  if (toolCall.type === "exec") {
    return {
      type: "function_call",
      id: "fc_conformance_1",
      call_id: scriptedCallId,
      name: "exec_command",
      arguments: JSON.stringify({ cmd: toolCall.command }),
    };
  }
  return {
    type: "custom_tool_call",
    id: "ctc_conformance_1",
    call_id: scriptedCallId,
    name: "apply_patch",
    input: toolCall.patch,
  };
}

/** @param {string} text */
function messageItem(text) {
  return {
    type: "message",
    role: "assistant",
    id: "msg_conformance",
    content: [{ type: "output_text", text }],
  };
}

/**
 * @param {import("node:http").ServerResponse} response
 * @param {object} item
 * @param {number} sequence
 */
function writeStream(response, item, sequence) {
  const id = `resp_conformance_${sequence}`;
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  /** @param {string} type @param {object} data */
  const send = (type, data) =>
    response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  send("response.created", { response: { id } });
  send("response.output_item.done", { item });
  send("response.completed", {
    response: { id, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } },
  });
  response.end();
}
