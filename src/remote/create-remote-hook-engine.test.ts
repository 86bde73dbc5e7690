import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createEmptyDispatchResult } from "../decide/dispatch-result.js";
import type { HookEngine } from "../engine/engine.js";
import type { HookExplanation } from "../explain/explain-hooks.js";
import { connectStream } from "./connect-stream.js";
import {
  createRemoteHookEngine,
  type RemoteHookEngineOptions,
} from "./create-remote-hook-engine.js";
import { createStreamChannel } from "./create-stream-channel.js";
import { type JsonRpcMessage, readJsonRpcMessage } from "./json-rpc-message.js";
import type { MessageChannel } from "./message-channel.js";

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

type Request = Extract<JsonRpcMessage, { kind: "request" }>;

/** A scripted hook side in this process: records requests; the test answers them by hand. */
function createScriptedHookSide(options: RemoteHookEngineOptions = {}) {
  const requests: Request[] = [];
  const received: JsonRpcMessage[] = [];
  let side: MessageChannel | null = null;
  const engine = createRemoteHookEngine(
    connectStream(() => {
      const toAgent = new PassThrough();
      const toHooks = new PassThrough();
      side = createStreamChannel(toHooks, toAgent);
      side.listen({
        message(text) {
          const message = readJsonRpcMessage(text);
          received.push(message);
          if (message.kind === "request" && message.method === "hooks/initialize") {
            side?.send(
              JSON.stringify({
                jsonrpc: "2.0",
                id: message.id,
                result: {
                  protocolVersion: 1,
                  profile: "deepagents",
                  events: ["Stop"],
                  diagnostics: [
                    {
                      code: "config_not_found",
                      severity: "error",
                      message: "m",
                      file: "f",
                      path: null,
                    },
                  ],
                },
              }),
            );
          } else if (message.kind === "request") requests.push(message);
        },
        oversized() {},
        close() {},
      });
      return { input: toAgent, output: toHooks };
    }),
    { timeoutMs: 10_000, ...options },
  );
  engines.push(engine);
  const answer = (request: Request | undefined, result: unknown) =>
    side?.send(JSON.stringify({ jsonrpc: "2.0", id: request?.id, result }));
  const send = (message: unknown) => side?.send(JSON.stringify(message));
  return { engine, requests, received, answer, send };
}

async function waitUntil(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("createRemoteHookEngine", () => {
  it("matches answers to requests by id, whatever order they come back in", async () => {
    const side = createScriptedHookSide();
    const first = side.engine.dispatch("Stop", { n: 1 });
    const second = side.engine.dispatch("Stop", { n: 2 });
    await waitUntil(() => side.requests.length === 2);
    const [one, two] = side.requests;
    expect(one?.params).toEqual({ event: "Stop", payload: { n: 1 }, options: {} });
    side.answer(two, { ...createEmptyDispatchResult("Stop", []), reason: "second" });
    side.answer(one, { ...createEmptyDispatchResult("Stop", []), reason: "first" });
    expect((await first).reason).toBe("first");
    expect((await second).reason).toBe("second");
    expect(side.engine.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "config_not_found",
    ]);
  });

  it("turns a refusal or a malformed answer into remote_unavailable, denying when failing closed", async () => {
    const side = createScriptedHookSide({ failMode: "closed" });
    const refused = side.engine.dispatch("PreToolUse", { tool_name: "Bash" });
    const malformed = side.engine.dispatch("PreToolUse", { tool_name: "Bash" });
    await waitUntil(() => side.requests.length === 2);
    side.send({
      jsonrpc: "2.0",
      id: side.requests[0]?.id,
      error: { code: -32602, message: "Invalid params: nope" },
    });
    side.answer(side.requests[1], { event: "PreToolUse", decision: "maybe" });
    const refusal = await refused;
    expect(refusal.decision).toBe("deny");
    expect(refusal.diagnostics[0]?.message).toContain("refused the request: Invalid params: nope");
    const bad = await malformed;
    expect(bad.decision).toBe("deny");
    expect(bad.diagnostics[0]?.message).toContain("not a DispatchResult");
  });

  it("answers a request from the hook side with method-not-found and runs nothing", async () => {
    const side = createScriptedHookSide();
    await waitUntil(() => side.received.length > 0);
    side.send({ jsonrpc: "2.0", id: 99, method: "agent/run", params: { command: "ls" } });
    await waitUntil(() => side.received.some((message) => message.kind === "error"));
    expect(side.received).toContainEqual(
      expect.objectContaining({ kind: "error", id: 99, code: -32601 }),
    );
  });

  it("checks a rewrite with the host's validator, sending an accept-all schema in its place", async () => {
    const side = createScriptedHookSide({ profile: "vscode" });
    const pending = side.engine.dispatch(
      "PreToolUse",
      { tool_name: "run_in_terminal" },
      {
        validateToolInput: (input) =>
          typeof input === "object" && input !== null && "command" in input,
      },
    );
    await waitUntil(() => side.requests.length === 1);
    expect(side.requests[0]?.params).toMatchObject({ options: { toolInputSchema: true } });
    side.answer(side.requests[0], {
      ...createEmptyDispatchResult("PreToolUse", []),
      decision: "allow",
      updatedInput: { cmd: "wrong shape" },
    });
    const result = await pending;
    expect(result.updatedInput).toBeNull();
    expect(result.diagnostics.at(-1)?.code).toBe("invalid_output");
  });

  it("answers unknown events and non-object payloads locally, like a local engine", async () => {
    const side = createScriptedHookSide();
    expect((await side.engine.dispatch("PreCompact")).diagnostics[0]?.code).toBe("unknown_event");
    const notObject = await side.engine.dispatch("Stop", [] as unknown as Record<string, unknown>);
    expect(notObject.diagnostics[0]?.code).toBe("invalid_payload");
    expect(side.requests).toEqual([]);
  });

  it("ends pending dispatches with engine_closed on close and refuses later ones", async () => {
    const side = createScriptedHookSide();
    const pending = side.engine.dispatch("Stop");
    await waitUntil(() => side.requests.length === 1);
    await side.engine.close();
    expect((await pending).diagnostics[0]).toMatchObject({
      code: "engine_closed",
      severity: "warning",
    });
    expect((await side.engine.dispatch("Stop")).diagnostics[0]).toMatchObject({
      code: "engine_closed",
      severity: "error",
    });
    side.answer(side.requests[0], createEmptyDispatchResult("Stop", []));
  });
  it("forwards explain with only asSubagent and returns the hook side's explanation", async () => {
    const side = createScriptedHookSide({ profile: "vscode" });
    const pending = side.engine.explain("Stop", { session_id: "s" }, { asSubagent: true });
    await waitUntil(() => side.requests.length === 1);
    expect(side.requests[0]).toMatchObject({
      method: "hooks/explain",
      params: { event: "Stop", payload: { session_id: "s" }, options: { asSubagent: true } },
    });
    const explanation: HookExplanation = {
      event: "SubagentStop",
      matchField: null,
      matchValue: null,
      aliases: [],
      entries: [
        {
          hookId: "SubagentStop:0:0",
          event: "SubagentStop",
          source: "/home/dev/.copilot/hooks.json",
          layer: "user",
          path: "hooks.SubagentStop[0].hooks[0]",
          command: ["node", "stop.mjs"],
          matcher: null,
          trust: "none",
          notHashed: [{ word: "stop.mjs", reason: "a command substitution" }],
          verdict: "skipped",
          reasons: [
            {
              kind: "matcher",
              message: "m",
              code: null,
              file: null,
              path: null,
              matcher: "x",
              value: null,
            },
          ],
        },
      ],
      diagnostics: [],
    };
    side.answer(side.requests[0], explanation);
    expect(await pending).toEqual(explanation);
  });

  it("turns a refusal, a malformed explanation or a timeout into remote_unavailable, no entries", async () => {
    const side = createScriptedHookSide({ timeoutMs: 1000 });
    const refused = side.engine.explain("PreToolUse", {
      tool_name: "Bash",
      tool_input: { command: "ls" },
    });
    const malformed = side.engine.explain("PreToolUse", { tool_name: "Bash" });
    await waitUntil(() => side.requests.length === 2);
    side.send({
      jsonrpc: "2.0",
      id: side.requests[0]?.id,
      error: { code: -32601, message: "Method not found" },
    });
    side.answer(side.requests[1], { event: "PreToolUse", entries: [{ verdict: "maybe" }] });
    const refusal = await refused;
    expect(refusal).toMatchObject({
      event: "PreToolUse",
      matchField: "tool_name",
      matchValue: "Bash",
      entries: [],
    });
    expect(refusal.diagnostics).toEqual([
      expect.objectContaining({ code: "remote_unavailable", severity: "error" }),
    ]);
    expect(refusal.diagnostics[0]?.message).toContain("refused the request: Method not found");
    const bad = await malformed;
    expect(bad.entries).toEqual([]);
    expect(bad.diagnostics[0]?.message).toContain("not a HookExplanation");
    // Never answered: the explanation ends when timeoutMs has passed.
    const unanswered = await side.engine.explain("Stop");
    expect(unanswered).toMatchObject({ event: "Stop", entries: [] });
    expect(unanswered.diagnostics[0]?.code).toBe("remote_unavailable");
    expect(unanswered.diagnostics[0]?.message).toContain("no answer within 1000 ms");
  });

  it("explains unknown events, prototype keys and non-object payloads locally; close ends explain", async () => {
    const side = createScriptedHookSide();
    for (const event of ["PreCompact", "toString", "constructor"]) {
      expect((await side.engine.explain(event)).diagnostics[0]?.code).toBe("unknown_event");
      expect((await side.engine.dispatch(event)).diagnostics[0]?.code).toBe("unknown_event");
    }
    const notObject = await side.engine.explain("Stop", [] as unknown as Record<string, unknown>);
    expect(notObject.diagnostics[0]?.code).toBe("invalid_payload");
    expect(side.requests).toEqual([]);
    const pending = side.engine.explain("Stop");
    await waitUntil(() => side.requests.length === 1);
    await side.engine.close();
    expect((await pending).diagnostics[0]).toMatchObject({
      code: "engine_closed",
      severity: "warning",
    });
    expect((await side.engine.explain("Stop")).diagnostics[0]).toMatchObject({
      code: "engine_closed",
      severity: "error",
    });
  });
});
