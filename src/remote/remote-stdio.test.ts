import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  answerWhenConnected,
  dispatchCompared,
  dispatchConcurrently,
  explainCompared,
} from "../../test/fixtures/remote/compared-events.js";
import {
  collectLines,
  config,
  root,
  spawnServe,
  waitFor,
} from "../../test/fixtures/remote/serve-process.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { createHookEngine, type HookEngine } from "../engine/engine.js";
import { connectStream, spawnHookServer } from "./connect-stream.js";
import { createRemoteHookEngine } from "./create-remote-hook-engine.js";

const children: ChildProcessWithoutNullStreams[] = [];
const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
});

/** Starts `agent-hooks serve --stdio` as a child each time the remote engine connects. */
function connectServeStdio(args: string[] = []) {
  return connectStream(() => {
    const child = spawn(
      process.execPath,
      ["bin/agent-hooks.js", "serve", "--stdio", "--config", config, ...args],
      { cwd: root, stdio: ["pipe", "pipe", "pipe"] },
    );
    children.push(child);
    return { input: child.stdout, output: child.stdin };
  });
}

function track<T extends HookEngine>(engine: T): T {
  engines.push(engine);
  return engine;
}

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

describe("remote hooks over stdio (agent-hooks serve --stdio in a child process)", () => {
  it("gives the same results as a local engine: deny, ask, allow, context, Stop continuations", async () => {
    const local = await dispatchCompared(await createLocalEngine());
    const remote = track(createRemoteHookEngine(connectServeStdio(), { timeoutMs: 15_000 }));
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
    expect(answered[4]?.additionalContext).toEqual(["checked Write"]);
    expect(answered[8]?.diagnostics[0]?.code).toBe("unknown_event");
    expect(remote.diagnostics).toEqual([]);
  });

  it("explains on the hook side, giving the same explanations as a local engine", async () => {
    const local = await explainCompared(await createLocalEngine());
    const remote = track(createRemoteHookEngine(connectServeStdio(), { timeoutMs: 15_000 }));
    const answered = await explainCompared(remote);
    expect(answered).toEqual(local);
    expect(
      answered.map((explanation) =>
        explanation.entries.map((entry) => `${entry.hookId} ${entry.verdict}`),
      ),
    ).toEqual([
      [
        "PreToolUse:0:0 would-run",
        "PreToolUse:1:0 skipped",
        "PostToolUse:0:0 skipped",
        "Stop:0:0 skipped",
      ],
      [
        "PreToolUse:0:0 skipped",
        "PreToolUse:1:0 would-run",
        "PostToolUse:0:0 skipped",
        "Stop:0:0 skipped",
      ],
      [
        "PreToolUse:0:0 skipped",
        "PreToolUse:1:0 skipped",
        "PostToolUse:0:0 skipped",
        "Stop:0:0 would-run",
      ],
      [
        "PreToolUse:0:0 skipped",
        "PreToolUse:1:0 skipped",
        "PostToolUse:0:0 skipped",
        "Stop:0:0 skipped",
      ],
    ]);
    expect(answered[0]?.entries[1]?.reasons[0]).toMatchObject({ kind: "matcher", value: "Bash" });
    expect(answered.every((explanation) => explanation.diagnostics.length === 0)).toBe(true);
  });

  it("answers 300 concurrent dispatches, each exactly once and with its own result", async () => {
    const logs: string[] = [];
    const remote = track(
      createRemoteHookEngine(connectServeStdio(), {
        timeoutMs: 60_000,
        onLog: (line) => logs.push(line),
      }),
    );
    const answers = await dispatchConcurrently(remote, 300);
    expect(answers.size).toBe(300);
    for (const [index, reason] of answers) expect(reason).toBe(`ok: echo ${index}`);
    expect(logs.filter((line) => line.includes("late or unknown answer"))).toEqual([]);
  });

  it("survives the hook side being killed mid-session: lost dispatches fail, later ones succeed", async () => {
    const remote = track(
      createRemoteHookEngine(connectServeStdio(), {
        timeoutMs: 15_000,
        reconnectDelayMs: 50,
        maxReconnectDelayMs: 200,
      }),
    );
    const rm = { tool_name: "Bash", tool_input: { command: "rm -rf /" } };
    expect((await remote.dispatch("PreToolUse", rm)).decision).toBe("deny");
    const first = children[0];
    expect(first).toBeDefined();
    // Killed while a slow dispatch is in flight: that one cannot be answered any more.
    const inFlight = remote.dispatch("PreToolUse", { tool_name: "Slow", tool_input: {} });
    await waitFor(() => first?.stdin.writableLength === 0);
    first?.kill("SIGKILL");
    const lost = await inFlight;
    expect(lost.decision).toBeNull();
    expect(lost.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["remote_unavailable"]);
    expect(lost.diagnostics[0]?.message).toContain("connection was lost");
    // The next dispatch starts the hook side again and is answered there.
    expect((await remote.dispatch("PreToolUse", rm)).decision).toBe("deny");
    expect(children.length).toBeGreaterThanOrEqual(2);
  });

  it("drops an answer that arrives after the timeout, resolving the dispatch once", async () => {
    const logs: string[] = [];
    const remote = track(
      createRemoteHookEngine(connectServeStdio(), {
        timeoutMs: 1500,
        onLog: (line) => logs.push(line),
      }),
    );
    // Connected and warm first, so only the slow hook can exceed the timeout.
    expect((await answerWhenConnected(remote, { tool_name: "Bash" })).decision).toBe("allow");
    const lateBefore = logs.filter((line) => line.includes("late or unknown answer")).length;
    const slow = await remote.dispatch("PreToolUse", { tool_name: "Slow", tool_input: {} });
    expect(slow.decision).toBeNull();
    expect(slow.diagnostics[0]).toMatchObject({ code: "remote_unavailable", severity: "error" });
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

  it("fails open by default and closed on request when the hook side cannot start", async () => {
    const missing = path.join(root, "no-such-agent-hooks");
    const open = track(createRemoteHookEngine(spawnHookServer(missing, []), { timeoutMs: 1500 }));
    const closed = track(
      createRemoteHookEngine(spawnHookServer(missing, []), { timeoutMs: 1500, failMode: "closed" }),
    );
    const call = { tool_name: "Bash", tool_input: { command: "ls" } };
    const openResult = await open.dispatch("PreToolUse", call);
    expect(openResult.decision).toBeNull();
    expect(openResult.diagnostics[0]?.code).toBe("remote_unavailable");
    expect(openResult.diagnostics[0]?.message).toContain("ENOENT");
    const denied = await closed.dispatch("PreToolUse", call);
    expect(denied.decision).toBe("deny");
    expect(denied.reason).toContain("could not be reached");
    expect((await closed.dispatch("PermissionRequest", call)).decision).toBe("deny");
    const post = await closed.dispatch("PostToolUse", call);
    expect(post.decision).toBeNull();
    expect(post.diagnostics[0]?.code).toBe("remote_unavailable");
  });

  it("refuses a request too large to send without sending it", async () => {
    const remote = track(
      createRemoteHookEngine(connectServeStdio(), { timeoutMs: 15_000, maxMessageBytes: 2000 }),
    );
    const result = await remote.dispatch("PreToolUse", {
      tool_name: "Bash",
      tool_input: { command: "x".repeat(5000) },
    });
    expect(result.diagnostics[0]?.code).toBe("remote_unavailable");
    expect(result.diagnostics[0]?.message).toContain("over the limit of 2000");
  });
});

describe("examples/remote-agent.mjs", () => {
  it("runs against agent-hooks serve --stdio and prints the documented decisions", async () => {
    const child = spawn(process.execPath, ["examples/remote-agent.mjs", "--stdio"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
    expect(stdout.split("\n").map((line) => line.trimEnd())).toEqual([
      "PreToolUse  deny  Recursive or forced rm is blocked by policy: rm -rf build",
      "PreToolUse  ask   .env.local may hold secrets",
      "PreToolUse  allow ordinary file",
      "PostToolUse null  Remember to format the file you just wrote.",
      "Stop        block Run the tests and report the result before stopping.",
      "Stop        null",
      "",
    ]);
  });
});

describe("agent-hooks serve --stdio, spoken to directly", () => {
  async function startRaw(args: string[] = []) {
    const serve = spawnServe(["--stdio", ...args]);
    children.push(serve.child);
    const answers = collectLines(serve.child.stdout);
    const send = (message: unknown) =>
      serve.child.stdin.write(
        `${typeof message === "string" ? message : JSON.stringify(message)}\n`,
      );
    return { serve, answers, send };
  }

  it("refuses anything but a dispatch of the profile's events, answering each with an error", async () => {
    const { serve, answers, send } = await startRaw();
    send("{not json");
    send({ jsonrpc: "2.0", id: 1, method: "shell/exec", params: { command: "touch /tmp/x" } });
    send({ jsonrpc: "2.0", id: 2, method: "hooks/dispatch", params: { event: "Nonsense" } });
    send({
      jsonrpc: "2.0",
      id: 3,
      method: "hooks/dispatch",
      params: { event: "Stop", options: { configFiles: ["/tmp/evil.json"] } },
    });
    send({
      jsonrpc: "2.0",
      id: 4,
      method: "hooks/dispatch",
      params: { event: "Stop", options: { bypassHookTrust: true } },
    });
    send({
      jsonrpc: "2.0",
      id: 5,
      method: "hooks/dispatch",
      params: { event: "Stop", payload: [1] },
    });
    send({ jsonrpc: "2.0", method: "hooks/dispatch", params: { event: "Stop" } });
    send([{ jsonrpc: "2.0", id: 6, method: "hooks/dispatch", params: { event: "Stop" } }]);
    // Split across writes: a partial line waits for the rest.
    serve.child.stdin.write('{"jsonrpc":"2.0","id":7,"method":"hooks/dis');
    serve.child.stdin.write(
      'patch","params":{"event":"PreToolUse","payload":{"tool_name":"Bash"}}}\n',
    );
    await waitFor(() => answers.length >= 8);
    expect(answers).toEqual([
      expect.objectContaining({ id: null, error: expect.objectContaining({ code: -32700 }) }),
      expect.objectContaining({ id: 1, error: expect.objectContaining({ code: -32601 }) }),
      expect.objectContaining({
        id: 2,
        error: expect.objectContaining({
          code: -32602,
          message: expect.stringContaining('no event "Nonsense"'),
        }),
      }),
      expect.objectContaining({
        id: 3,
        error: expect.objectContaining({
          code: -32602,
          message: expect.stringContaining("configFiles"),
        }),
      }),
      expect.objectContaining({
        id: 4,
        error: expect.objectContaining({
          code: -32602,
          message: expect.stringContaining("bypassHookTrust"),
        }),
      }),
      expect.objectContaining({ id: 5, error: expect.objectContaining({ code: -32602 }) }),
      expect.objectContaining({ id: null, error: expect.objectContaining({ code: -32600 }) }),
      expect.objectContaining({ id: 7, result: expect.objectContaining({ decision: "allow" }) }),
    ]);
    serve.child.stdin.end();
    expect(await serve.stop()).toBe(0);
    expect(serve.stderr()).toContain("ignored notification");
  });

  it("answers hooks/explain with the engine's explanation, refusing any option but asSubagent", async () => {
    const { serve, answers, send } = await startRaw();
    const explain = (id: number, params: unknown) =>
      send({ jsonrpc: "2.0", id, method: "hooks/explain", params });
    explain(1, { event: "PreToolUse", payload: { tool_name: "Slow" } });
    explain(2, { event: "Stop", options: { toolInputSchema: true } });
    explain(3, { event: "Stop", options: { configFiles: ["/tmp/evil.json"] } });
    explain(4, { event: "Nonsense" });
    explain(5, { event: "Stop", payload: "text" });
    await waitFor(() => answers.length >= 5);
    const byId = new Map(answers.map((answer) => [(answer as { id: unknown }).id, answer]));
    expect(byId.get(1)).toMatchObject({
      result: {
        event: "PreToolUse",
        matchValue: "Slow",
        entries: expect.arrayContaining([
          expect.objectContaining({ hookId: "PreToolUse:1:0", verdict: "would-run" }),
        ]),
      },
    });
    for (const [id, refusal] of [
      [2, "toolInputSchema"],
      [3, "configFiles"],
      [4, 'no event "Nonsense"'],
      [5, "payload"],
    ] as const) {
      expect(byId.get(id)).toMatchObject({
        error: { code: -32602, message: expect.stringContaining(refusal) },
      });
    }
    serve.child.stdin.end();
    expect(await serve.stop()).toBe(0);
  });

  it("refuses an oversized line with an error and keeps the connection usable", async () => {
    const { serve, answers, send } = await startRaw(["--max-message-bytes", "1000"]);
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "hooks/dispatch",
      params: { event: "PreToolUse", payload: { tool_name: "Bash", padding: "x".repeat(5000) } },
    });
    send({ jsonrpc: "2.0", id: 2, method: "hooks/dispatch", params: { event: "Stop" } });
    await waitFor(() => answers.length >= 2);
    expect(answers[0]).toMatchObject({
      id: null,
      error: { code: -32001, message: expect.stringContaining("over the limit of 1000 bytes") },
    });
    expect(answers[1]).toMatchObject({ id: 2, result: { event: "Stop", decision: "block" } });
    serve.child.stdin.end();
    expect(await serve.stop()).toBe(0);
  });

  it("answers what is in flight when its input ends, then exits 0; SIGTERM also ends it", async () => {
    const first = await startRaw();
    first.send({
      jsonrpc: "2.0",
      id: 1,
      method: "hooks/dispatch",
      params: { event: "PreToolUse", payload: { tool_name: "Slow" } },
    });
    first.serve.child.stdin.end();
    const [code] = await once(first.serve.child, "exit");
    expect(code).toBe(0);
    expect(first.answers).toEqual([
      expect.objectContaining({ id: 1, result: expect.objectContaining({ event: "PreToolUse" }) }),
    ]);
    const second = await startRaw();
    await waitFor(() => second.serve.stderr().includes("serving deepagents hooks"));
    expect(await second.serve.stop("SIGTERM")).toBe(0);
    expect(second.serve.stderr()).toContain("stopping (SIGTERM)");
  });
});
