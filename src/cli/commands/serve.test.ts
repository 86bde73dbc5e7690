import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import {
  collectLines,
  type ListeningServe,
  root,
  spawnListeningServe,
  spawnServe,
  waitFor,
} from "../../../test/fixtures/remote/serve-process.js";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { runCli } from "../../../test/support/run-cli.js";
import { connectWebSocket } from "../../remote/connect-websocket.js";
import { createRemoteHookEngine } from "../../remote/create-remote-hook-engine.js";
import { createProgram } from "../main.js";
import { UsageError } from "../shared-options.js";

const serves: ListeningServe[] = [];
afterEach(async () => {
  await Promise.all(serves.splice(0).map((serve) => serve.stop("SIGKILL")));
});

/** Opens a raw WebSocket and resolves with the HTTP status of the upgrade (101 when accepted). */
function openRaw(url: string, headers: Record<string, string>): Promise<number> {
  const socket = new WebSocket(url, { headers });
  return new Promise((resolve, reject) => {
    socket.once("open", () => {
      socket.close();
      resolve(101);
    });
    socket.once("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once("error", reject);
  });
}

describe("agent-hooks serve", () => {
  it.each([
    { args: ["--stdio", "--listen", "7777"], message: "choose one of --stdio and --listen" },
    {
      args: ["--listen", "nope"],
      message: '--listen takes [host:]port, such as 127.0.0.1:7777; got "nope"',
    },
    { args: ["--listen", "127.0.0.1:70000"], message: 'got "127.0.0.1:70000"' },
    {
      args: ["--max-message-bytes", "0"],
      message: "--max-message-bytes must be a positive integer",
    },
    { args: ["--profile", "cursor"], message: 'unknown profile "cursor"' },
    {
      args: ["--allow-origin", "https://app.example.com"],
      message: "--allow-origin needs --listen",
    },
    ...[
      "app.example.com",
      "https://app.example.com/path",
      "null",
      "https://user@app.example.com",
    ].map((origin) => ({
      args: ["--listen", "0", "--allow-origin", origin],
      message: `--allow-origin takes an origin such as https://app.example.com or http://localhost:3000, got "${origin}"`,
    })),
  ])("refuses $args with a usage error", async ({ args, message }) => {
    // Parsed in this process: the CLI prints a usage error and exits 1 (the test below).
    const argv = ["node", "agent-hooks", "serve", ...args];
    const refusal = await (await createProgram(argv)).parseAsync(argv).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(UsageError);
    expect((refusal as UsageError).message).toContain(message);
  });

  it("prints a usage error on stderr and exits 1, serving nothing", async () => {
    const run = await runCli(["serve", "--stdio", "--listen", "7777"]);
    expect(run).toMatchObject({
      code: 1,
      stdout: "",
      stderr: "agent-hooks: choose one of --stdio and --listen\n",
    });
  });

  it("binds loopback when --listen names only a port, and reports a port already in use", async () => {
    const serve = await spawnListeningServe("0");
    serves.push(serve);
    expect(serve.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(serve.stderr()).not.toContain("beyond loopback");
    const response = await fetch(`http://127.0.0.1:${serve.port}/`);
    expect(response.status).toBe(426);
    const taken = await runCli(["serve", "--listen", `127.0.0.1:${serve.port}`]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(`cannot listen on 127.0.0.1:${serve.port} (EADDRINUSE)`);
  });

  it("takes the token from AGENT_HOOKS_TOKEN without printing it", async () => {
    const serve = await spawnListeningServe("127.0.0.1:0", {
      AGENT_HOOKS_TOKEN: "secret-from-env",
    });
    serves.push(serve);
    expect(serve.stderr()).toContain("token: the value of AGENT_HOOKS_TOKEN");
    expect(serve.stderr()).not.toContain("secret-from-env");
  });

  it("refuses a web page's upgrade (Origin) with 403 unless --allow-origin lists it", async () => {
    const serve = await spawnListeningServe("127.0.0.1:0", {}, [
      "--allow-origin",
      "https://app.example.com",
      "--allow-origin",
      "http://localhost:3000",
    ]);
    serves.push(serve);
    const bearer = { authorization: `Bearer ${serve.token ?? ""}` };
    expect(await openRaw(serve.url, bearer)).toBe(101);
    expect(await openRaw(serve.url, { ...bearer, origin: "https://app.example.com" })).toBe(101);
    expect(await openRaw(serve.url, { ...bearer, origin: "http://localhost:3000" })).toBe(101);
    expect(await openRaw(serve.url, { ...bearer, origin: "https://evil.example" })).toBe(403);
    expect(await openRaw(serve.url, { ...bearer, origin: `http://127.0.0.1:${serve.port}` })).toBe(
      403,
    );
    expect(serve.stderr()).toContain('origin "https://evil.example" is not allowed (403)');
  });

  it("refuses every upgrade with an Origin when no --allow-origin is given", async () => {
    const serve = await spawnListeningServe("127.0.0.1:0");
    serves.push(serve);
    const bearer = { authorization: `Bearer ${serve.token ?? ""}` };
    expect(await openRaw(serve.url, { ...bearer, origin: "http://localhost:3000" })).toBe(403);
    expect(await openRaw(serve.url, bearer)).toBe(101);
  });

  // A real hook writes the environment it runs with; the token must be in it under no name.
  const token = "cli-token-8d2e61b0f5";
  async function prepareEnvironmentHook() {
    const directory = createTestWorkspace("serve-environment").root;
    const environmentFile = path.join(directory, "environment.txt");
    const config = path.join(directory, "hooks.json");
    const hook = {
      type: "command",
      command: [path.join(root, "test/fixtures/remote/print-environment.sh")],
    };
    await writeFile(config, JSON.stringify({ hooks: { SessionStart: [{ hooks: [hook] }] } }));
    const env = {
      AGENT_HOOKS_TOKEN: token,
      COPIED_TOKEN: token,
      PROBE: "visible",
      HOOK_ENVIRONMENT_FILE: environmentFile,
    };
    return { config, env, environmentFile };
  }
  async function expectNoToken(environmentFile: string) {
    const environment = await readFile(environmentFile, "utf8");
    expect(environment).toContain("PROBE=visible\n");
    expect(environment).not.toContain(token);
    expect(environment).not.toMatch(/^(AGENT_HOOKS_TOKEN|COPIED_TOKEN)=/m);
  }

  it("--listen: never passes the token (AGENT_HOOKS_TOKEN, or a copy) to hooks", async () => {
    const { config, env, environmentFile } = await prepareEnvironmentHook();
    const serve = await spawnListeningServe("127.0.0.1:0", env, ["--config", config]);
    serves.push(serve);
    const remote = createRemoteHookEngine(connectWebSocket(serve.url, { token }));
    try {
      const result = await remote.dispatch("SessionStart", { source: "startup" });
      expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
    } finally {
      await remote.close();
    }
    await expectNoToken(environmentFile);
  });

  it("--stdio: never passes AGENT_HOOKS_TOKEN, or a copy, to hooks", async () => {
    const { config, env, environmentFile } = await prepareEnvironmentHook();
    const serve = spawnServe(["--stdio", "--config", config], env);
    const answers = collectLines(serve.child.stdout) as {
      id: number;
      result?: { runs: { status: string }[] };
    }[];
    const request = { event: "SessionStart", payload: { source: "startup" } };
    serve.child.stdin.end(
      `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "hooks/dispatch", params: request })}\n`,
    );
    // The end of its input ends the server once every answer is out.
    await waitFor(() => serve.child.exitCode !== null);
    expect(serve.child.exitCode).toBe(0);
    expect(answers[0]?.result?.runs.map((run) => run.status)).toEqual(["ok"]);
    await expectNoToken(environmentFile);
  });
});
