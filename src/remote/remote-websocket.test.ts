import { once } from "node:events";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import {
  answerWhenConnected,
  dispatchCompared,
  dispatchConcurrently,
  explainCompared,
} from "../../test/fixtures/remote/compared-events.js";
import {
  config,
  findClosedPort,
  type ListeningServe,
  root,
  spawnListeningServe,
  waitFor,
} from "../../test/fixtures/remote/serve-process.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { createHookEngine, type HookEngine } from "../engine/engine.js";
import { connectWebSocket } from "./connect-websocket.js";
import { createRemoteHookEngine } from "./create-remote-hook-engine.js";

const serves: ListeningServe[] = [];
const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
  await Promise.all(serves.splice(0).map((serve) => serve.stop("SIGKILL")));
});

async function startServe(
  address = "127.0.0.1:0",
  env: NodeJS.ProcessEnv = {},
  args: string[] = [],
) {
  const serve = await spawnListeningServe(address, env, args);
  serves.push(serve);
  return serve;
}

function track<T extends HookEngine>(engine: T): T {
  engines.push(engine);
  return engine;
}

/** An engine running the same configuration in this process, to compare answers with. */
async function createLocalEngine() {
  return track(
    await createHookEngine({
      profile: "deepagents",
      cwd: root,
      home: createTestWorkspace("remote").home,
      configFiles: [path.join(root, config)],
    }),
  );
}

/** A remote engine connected to `serve` with its token. */
function connectRemote(serve: ListeningServe) {
  return track(
    createRemoteHookEngine(connectWebSocket(serve.url, { token: serve.token ?? "" }), {
      timeoutMs: 15_000,
    }),
  );
}

/** Opens a raw WebSocket and resolves with how the upgrade went. */
function openRaw(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  return new Promise<{ socket: WebSocket; status: number }>((resolve, reject) => {
    socket.once("open", () => resolve({ socket, status: 101 }));
    socket.once("unexpected-response", (_request, response) => {
      resolve({ socket, status: response.statusCode ?? 0 });
      socket.terminate();
    });
    socket.once("error", reject);
  });
}

describe("remote hooks over WebSocket (agent-hooks serve --listen in a child process)", () => {
  // Clients of one serve process: starting it costs about as much CPU as all of these tests.
  describe("one serve process, several clients", () => {
    let serve: ListeningServe;
    beforeAll(async () => {
      serve = await spawnListeningServe("127.0.0.1:0", {}, []);
    });
    afterAll(async () => {
      await serve.stop("SIGKILL");
    });

    it("prints a port and token, and gives the same results as a local engine", async () => {
      expect(serve.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
      expect(serve.port).toBeGreaterThan(0);
      expect(serve.token).toMatch(/^[\w-]{43}$/);
      const local = await dispatchCompared(await createLocalEngine());
      const remote = connectRemote(serve);
      const answered = await dispatchCompared(remote);
      expect(answered).toEqual(local);
      expect(answered.map((result) => result.decision)).toEqual([
        "deny",
        "ask",
        "allow",
        null,
        null,
        "block",
        null,
        "block",
        null,
      ]);
    });

    it("explains on the hook side, giving the same explanations as a local engine", async () => {
      const local = await explainCompared(await createLocalEngine());
      const remote = connectRemote(serve);
      const answered = await explainCompared(remote);
      expect(answered).toEqual(local);
      expect(answered[0]?.entries[0]).toMatchObject({
        hookId: "PreToolUse:0:0",
        verdict: "would-run",
        source: path.join(root, config),
      });
    });

    it("answers 300 concurrent dispatches, each exactly once and with its own result", async () => {
      const logs: string[] = [];
      const remote = track(
        createRemoteHookEngine(connectWebSocket(serve.url, { token: serve.token ?? "" }), {
          timeoutMs: 60_000,
          onLog: (line) => logs.push(line),
        }),
      );
      const answers = await dispatchConcurrently(remote, 300);
      expect(answers.size).toBe(300);
      for (const [index, reason] of answers) expect(reason).toBe(`ok: echo ${index}`);
      expect(logs.filter((line) => line.includes("late or unknown answer"))).toEqual([]);
    });

    it("drops an answer that arrives after the timeout, resolving the dispatch once", async () => {
      const logs: string[] = [];
      const remote = track(
        createRemoteHookEngine(connectWebSocket(serve.url, { token: serve.token ?? "" }), {
          timeoutMs: 1500,
          onLog: (line) => logs.push(line),
        }),
      );
      expect((await answerWhenConnected(remote, { tool_name: "Bash" })).decision).toBe("allow");
      const lateBefore = logs.filter((line) => line.includes("late or unknown answer")).length;
      const slow = await remote.dispatch("PreToolUse", { tool_name: "Slow" });
      expect(slow.decision).toBeNull();
      expect(slow.diagnostics[0]?.message).toContain("no answer within 1500 ms");
      await waitFor(
        () => logs.filter((line) => line.includes("late or unknown answer")).length > lateBefore,
        10_000,
      );
      const after = await answerWhenConnected(remote, {
        tool_name: "Bash",
        tool_input: { command: "ls" },
      });
      expect(after.reason).toBe("ok: ls");
    });

    it("refuses a wrong or missing token with 401 and accepts the token as a query parameter", async () => {
      const token = serve.token ?? "";
      expect((await openRaw(serve.url)).status).toBe(401);
      expect((await openRaw(serve.url, { authorization: "Bearer wrong" })).status).toBe(401);
      expect((await openRaw(`${serve.url}/?token=wrong`)).status).toBe(401);
      const byQuery = await openRaw(`${serve.url}/?token=${encodeURIComponent(token)}`);
      expect(byQuery.status).toBe(101);
      byQuery.socket.close();
      const remote = track(
        createRemoteHookEngine(connectWebSocket(serve.url, { token: "wrong" }), {
          timeoutMs: 60_000,
          failMode: "closed",
        }),
      );
      const result = await remote.dispatch("PreToolUse", { tool_name: "Bash" });
      expect(result.decision).toBe("deny");
      expect(result.diagnostics[0]?.code).toBe("remote_unavailable");
      expect(result.diagnostics[0]?.message).toContain("HTTP 401");
      // A refusal ends waiting dispatches at once instead of at the timeout.
      expect(result.diagnostics[0]?.message).toContain("check the token");
      expect(result.diagnostics[0]?.message).not.toContain("within 60000 ms");
      const again = await remote.dispatch("PreToolUse", { tool_name: "Bash" });
      expect(again.decision).toBe("deny");
      expect(again.diagnostics[0]?.message).toContain("check the token");
      expect(serve.stderr()).toContain("wrong token (401)");
    });
  });

  it("survives the hook side being killed and restarted mid-run (reconnecting with backoff)", async () => {
    const env = { AGENT_HOOKS_TOKEN: "a-fixed-session-token" };
    const first = await startServe("127.0.0.1:0", env);
    expect(first.token).toBeNull();
    const logs: string[] = [];
    const remote = track(
      createRemoteHookEngine(connectWebSocket(first.url, { token: "a-fixed-session-token" }), {
        timeoutMs: 20_000,
        reconnectDelayMs: 50,
        maxReconnectDelayMs: 250,
        onLog: (line) => logs.push(line),
      }),
    );
    const rm = { tool_name: "Bash", tool_input: { command: "rm -rf /" } };
    expect((await remote.dispatch("PreToolUse", rm)).decision).toBe("deny");
    await first.stop("SIGKILL");
    await waitFor(() => logs.some((line) => line.startsWith("connection lost")));
    // Dispatched while nothing listens: it waits (within its timeout) for the restart.
    const duringGap = remote.dispatch("PreToolUse", rm);
    await waitFor(() => logs.some((line) => line.startsWith("cannot connect")));
    await startServe(`127.0.0.1:${first.port}`, env);
    const gapResult = await duringGap;
    expect(
      gapResult.decision === "deny" ||
        gapResult.diagnostics.some((diagnostic) => diagnostic.code === "remote_unavailable"),
    ).toBe(true);
    const after = await remote.dispatch("PreToolUse", rm);
    expect(after.decision).toBe("deny");
    expect(logs.filter((line) => line === "connected").length).toBeGreaterThanOrEqual(2);
  });

  it("closes a connection that sends a frame over the limit (1009); new connections still work", async () => {
    const serve = await startServe("127.0.0.1:0", {}, ["--max-message-bytes", "1000"]);
    const headers = { authorization: `Bearer ${serve.token ?? ""}` };
    const { socket } = await openRaw(serve.url, headers);
    const closed = once(socket, "close");
    socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "x", params: "y".repeat(5000) }));
    const [code] = await closed;
    expect(code).toBe(1009);
    const again = await openRaw(serve.url, headers);
    const answer = once(again.socket, "message");
    again.socket.send(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 2,
        method: "hooks/dispatch",
        params: { event: "Stop" },
      }),
    );
    const [data] = await answer;
    expect(JSON.parse(String(data))).toMatchObject({ id: 2, result: { decision: "block" } });
    again.socket.close();
  });

  it("gives remote_unavailable when nothing listens, denying tool calls when failing closed; explain too", async () => {
    const url = `ws://127.0.0.1:${await findClosedPort()}`;
    const open = track(
      createRemoteHookEngine(connectWebSocket(url, { token: "t" }), { timeoutMs: 1500 }),
    );
    const closed = track(
      createRemoteHookEngine(connectWebSocket(url, { token: "t" }), {
        timeoutMs: 1500,
        failMode: "closed",
      }),
    );
    const openResult = await open.dispatch("PreToolUse", { tool_name: "Bash" });
    expect(openResult).toMatchObject({ decision: null, reason: null, runs: [] });
    expect(openResult.diagnostics[0]?.message).toContain("ECONNREFUSED");
    expect((await closed.dispatch("PreToolUse", { tool_name: "Bash" })).decision).toBe("deny");
    expect((await closed.dispatch("Stop", {})).decision).toBeNull();
    const explanation = await closed.explain("PreToolUse", { tool_name: "Bash" });
    expect(explanation).toMatchObject({ event: "PreToolUse", matchValue: "Bash", entries: [] });
    expect(explanation.diagnostics).toEqual([
      expect.objectContaining({ code: "remote_unavailable", severity: "error" }),
    ]);
    expect(explanation.diagnostics[0]?.message).toContain("ECONNREFUSED");
  });

  it("stops on SIGTERM, closing its connections", async () => {
    const serve = await startServe();
    const { socket } = await openRaw(serve.url, { authorization: `Bearer ${serve.token ?? ""}` });
    const closed = once(socket, "close");
    expect(await serve.stop("SIGTERM")).toBe(0);
    const [code] = await closed;
    expect(code).toBe(1001);
  });
});
