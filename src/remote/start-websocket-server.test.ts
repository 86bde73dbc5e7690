import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { createHookEngine, type HookEngine } from "../engine/engine.js";
import { connectWebSocket } from "./connect-websocket.js";
import { createRemoteHookEngine } from "./create-remote-hook-engine.js";
import { startWebSocketServer, type WebSocketHookServer } from "./start-websocket-server.js";

// The library server in this process, a real `ws` client, and a real hook that writes the
// environment it runs with (test/fixtures/remote/print-environment.sh).

const printEnvironment = fileURLToPath(
  new URL("../../test/fixtures/remote/print-environment.sh", import.meta.url),
);
const token = "library-token-4f1c9a7e2b";

const engines: HookEngine[] = [];
const servers: WebSocketHookServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/** A served deepagents engine whose SessionStart hook writes its environment to a file. */
async function serve(options: { allowedOrigins?: string[] } = {}) {
  const directory = createTestWorkspace("websocket-server").root;
  const environmentFile = path.join(directory, "environment.txt");
  const config = path.join(directory, "hooks.json");
  const hook = { type: "command", command: [printEnvironment] };
  await writeFile(config, JSON.stringify({ hooks: { SessionStart: [{ hooks: [hook] }] } }));
  const engine = await createHookEngine({
    profile: "deepagents",
    cwd: directory,
    home: directory,
    configFiles: [config],
    tracing: false,
    env: {
      ...process.env,
      HOOK_ENVIRONMENT_FILE: environmentFile,
      PROBE: "visible",
      AGENT_HOOKS_TOKEN: "a-token-for-another-server",
      COPIED_TOKEN: token,
    },
  });
  engines.push(engine);
  const server = await startWebSocketServer(engine, { token, ...options });
  servers.push(server);
  return { server, environmentFile };
}

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

describe("startWebSocketServer", () => {
  it("keeps the token it holds out of hook environments, under any name", async () => {
    const { server, environmentFile } = await serve();
    const remote = createRemoteHookEngine(connectWebSocket(server.url, { token }));
    engines.push(remote);
    const result = await remote.dispatch("SessionStart", { source: "startup" });
    expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
    const environment = await readFile(environmentFile, "utf8");
    expect(environment).toContain("PROBE=visible\n");
    expect(environment).not.toContain(token);
    expect(environment).not.toMatch(/^(AGENT_HOOKS_TOKEN|COPIED_TOKEN)=/m);
    expect(environment).not.toContain("a-token-for-another-server");
  });

  const bearer = { authorization: `Bearer ${token}` };
  it.each([
    ["no Origin (an agent)", {}, 101],
    ["an allowed origin", { origin: "https://app.example.com" }, 101],
    ["an allowed origin spelled in capitals", { origin: "HTTPS://App.Example.COM" }, 101],
    ["another origin", { origin: "https://evil.example" }, 403],
    ["the allowed host on another port", { origin: "https://app.example.com:8443" }, 403],
    ["the allowed host over http", { origin: "http://app.example.com" }, 403],
    ["the server's own address", { origin: "http://127.0.0.1" }, 403],
    ["the opaque origin null (a sandboxed page, a file)", { origin: "null" }, 403],
    [
      "an older draft's Sec-WebSocket-Origin",
      { "sec-websocket-origin": "https://evil.example" },
      403,
    ],
  ])("with the token, answers an upgrade with %s: %i", async (_name, headers, status) => {
    const { server } = await serve({ allowedOrigins: ["https://app.example.com"] });
    expect(await openRaw(server.url, { ...bearer, ...headers })).toBe(status);
  });

  it("refuses every upgrade that carries an Origin when no origin is allowed", async () => {
    const { server } = await serve();
    expect(await openRaw(server.url, { ...bearer, origin: "https://app.example.com" })).toBe(403);
    expect(await openRaw(server.url, bearer)).toBe(101);
  });

  it("still asks an allowed origin for the token", async () => {
    const { server } = await serve({ allowedOrigins: ["https://app.example.com"] });
    expect(await openRaw(server.url, { origin: "https://app.example.com" })).toBe(401);
  });
});
