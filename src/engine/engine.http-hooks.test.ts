// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${…}` is the header variable syntax of http handlers, not a template.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import type { Diagnostic } from "../diagnostic.js";
import { claudeProfile } from "../profiles/claude.js";
import { createHookEngine, type HookEngine, type HookEngineOptions } from "./engine.js";
import { loadHookSnapshot } from "./load-hook-snapshot.js";

// `http` handlers of the claude profile, end to end: settings files → policy → a POST to a real
// local server → the decision, through createHookEngine.

interface ReceivedRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

type Respond = (request: ReceivedRequest, response: ServerResponse) => void;

const servers: ReturnType<typeof createServer>[] = [];
const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

async function startServer(
  respond: Respond,
): Promise<{ url: string; received: ReceivedRequest[] }> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = {
        path: request.url ?? "",
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      received.push(entry);
      respond(entry, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received };
}

const reply =
  (status: number, body = ""): Respond =>
  (_request, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(body);
  };

const http = (url: string, extra: Record<string, unknown> = {}) => ({
  type: "http",
  url,
  ...extra,
});
const group = (matcher: string | null, ...hooks: unknown[]) =>
  matcher === null ? { hooks } : { matcher, hooks };
const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });
const codes = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.map((diagnostic) => diagnostic.code);

async function setup(
  settings: Record<string, unknown>,
  options: Partial<HookEngineOptions> & { files?: Record<string, unknown> } = {},
) {
  const workspace = createTestWorkspace("http-hooks");
  const settingsFile = workspace.writeJson("project/.claude/settings.json", settings);
  const { files = {}, ...extra } = options;
  const written: Record<string, string> = {};
  for (const [name, content] of Object.entries(files)) {
    written[name] = workspace.writeJson(name, content);
  }
  const engine = await createHookEngine({
    profile: "claude",
    cwd: workspace.project,
    home: workspace.home,
    sessionId: "session-1",
    env: {},
    ...extra,
  });
  engines.push(engine);
  return { engine, workspace, settingsFile, written };
}

describe.skipIf(process.platform === "win32")("http handlers (claude profile)", () => {
  it("denies a PreToolUse call when the server answers 2xx with a JSON deny", async () => {
    const server = await startServer(
      reply(
        200,
        JSON.stringify({
          hookSpecificOutput: {
            hookEventName: "PreToolUse",
            permissionDecision: "deny",
            permissionDecisionReason: "no pushing from hooks",
          },
        }),
      ),
    );
    const { engine } = await setup({
      hooks: { PreToolUse: [group("Bash", http(`${server.url}/guard`))] },
    });
    expect(engine.diagnostics).toEqual([]);
    const result = await engine.dispatch("PreToolUse", bash("git push"));
    expect(result).toMatchObject({ decision: "deny", reason: "no pushing from hooks" });
    expect(result.runs).toEqual([expect.objectContaining({ status: "blocked" })]);
    const [request] = server.received;
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "{}")).toMatchObject({
      hook_event_name: "PreToolUse",
      session_id: "session-1",
      tool_name: "Bash",
      tool_input: { command: "git push" },
    });
  });

  it("lets the call through with no diagnostic on a 2xx empty reply", async () => {
    const server = await startServer(reply(204));
    const { engine } = await setup({
      hooks: { PreToolUse: [group("Bash", http(`${server.url}/log`))] },
    });
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).not.toBe("deny");
    expect(result.runs).toEqual([expect.objectContaining({ status: "ok" })]);
    expect(result.diagnostics).toEqual([]);
  });

  it("never blocks through a non-2xx status, even with a JSON deny body", async () => {
    const deny = JSON.stringify({ decision: "block", reason: "down" });
    const server = await startServer(reply(503, deny));
    const { engine } = await setup({
      hooks: { PreToolUse: [group("Bash", http(`${server.url}/guard`))] },
    });
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).not.toBe("deny");
    expect(result.reason).toBeNull();
    expect(result.runs).toEqual([expect.objectContaining({ status: "error" })]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "nonzero_exit",
        severity: "warning",
        message: expect.stringContaining(
          `PreToolUse http hook "${server.url}/guard" failed: HTTP 503 from ${server.url}/guard: ${deny}`,
        ),
      }),
    ]);
  });

  it("makes 2xx plain text a non-blocking error, not context, on UserPromptSubmit", async () => {
    const server = await startServer(reply(200, "remember the style guide"));
    const { engine } = await setup({
      hooks: { UserPromptSubmit: [group(null, http(`${server.url}/context`))] },
    });
    const result = await engine.dispatch("UserPromptSubmit", { prompt: "hello" });
    expect(result.additionalContext).toEqual([]);
    expect(result.runs).toEqual([expect.objectContaining({ status: "error" })]);
    expect(codes(result.diagnostics)).toEqual(["nonzero_exit"]);
  });

  it("makes no decision when the server does not answer before the timeout", async () => {
    const server = await startServer(() => undefined);
    const { engine } = await setup({
      hooks: { PreToolUse: [group("Bash", http(`${server.url}/slow`, { timeout: 1 }))] },
    });
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).not.toBe("deny");
    expect(result.runs).toEqual([expect.objectContaining({ status: "timeout" })]);
    expect(codes(result.diagnostics)).toEqual(["timeout"]);
  });

  it("defaults an http handler's timeout to 600 s like a command's", async () => {
    const workspace = createTestWorkspace("http-timeout");
    const file = workspace.writeJson("settings.json", {
      hooks: { PreToolUse: [group("Bash", http("http://127.0.0.1:9/hook"))] },
    });
    const snapshot = await loadHookSnapshot(claudeProfile, {
      cwd: workspace.project,
      home: workspace.home,
      configFiles: [file],
      trust: false,
    });
    expect(snapshot.definitions).toEqual([
      expect.objectContaining({
        timeoutMs: 600_000,
        action: { type: "http", url: "http://127.0.0.1:9/hook", headers: {}, allowedEnvVars: [] },
      }),
    ]);
  });

  it("reports a refused connection as a non-blocking error", async () => {
    const server = await startServer(reply(204));
    const closing = servers.splice(0);
    await Promise.all(
      closing.map((closed) => new Promise<void>((resolve) => closed.close(() => resolve()))),
    );
    const { engine } = await setup({
      hooks: { PreToolUse: [group("Bash", http(`${server.url}/gone`))] },
    });
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).not.toBe("deny");
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "nonzero_exit",
        message: expect.stringContaining(`connection refused by ${server.url}/gone`),
      }),
    ]);
  });

  describe("allowedHttpHookUrls", () => {
    it("runs a hook whose URL a managed wildcard pattern allows", async () => {
      const server = await startServer(reply(204));
      const workspace = createTestWorkspace("http-policy-engine");
      const managed = workspace.writeJson("managed.json", {
        allowedHttpHookUrls: ["http://127.0.0.1:*"],
      });
      const { engine } = await setup(
        { hooks: { PreToolUse: [group("Bash", http(`${server.url}/ok`))] } },
        { managedSettings: managed },
      );
      expect(engine.diagnostics).toEqual([]);
      await engine.dispatch("PreToolUse", bash("ls"));
      expect(server.received).toHaveLength(1);
    });

    it("drops a hook whose URL no pattern allows, with a diagnostic naming the setting", async () => {
      const server = await startServer(reply(204));
      const workspace = createTestWorkspace("http-policy-engine");
      const managed = workspace.writeJson("managed.json", {
        allowedHttpHookUrls: ["https://hooks.corp.example/*"],
      });
      const { engine, settingsFile } = await setup(
        { hooks: { PreToolUse: [group("Bash", http(`${server.url}/exfiltrate`))] } },
        { managedSettings: managed },
      );
      expect(engine.diagnostics).toEqual([
        {
          code: "http_url_refused",
          severity: "error",
          message: `http hook ${server.url}/exfiltrate is not allowed: it matches no allowedHttpHookUrls pattern (set in ${managed}); the handler is skipped`,
          file: settingsFile,
          path: "hooks.PreToolUse[0].hooks[0].url",
        },
      ]);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(result.runs).toEqual([]);
      expect(server.received).toHaveLength(0);
    });

    it("refuses a hook that puts the pattern's host in its path, port or userinfo, visibly", async () => {
      const server = await startServer(reply(204));
      const workspace = createTestWorkspace("http-policy-engine");
      const managed = workspace.writeJson("managed.json", {
        allowedHttpHookUrls: ["http://*.corp.example/*", "not a pattern"],
      });
      const port = new URL(server.url).port;
      const urls = [
        `${server.url}/x.corp.example/`,
        `http://x.corp.example@127.0.0.1:${port}/`,
        `http://127.0.0.1:${port}/?host=x.corp.example`,
      ];
      const { engine, settingsFile } = await setup(
        { hooks: { PreToolUse: [group("Bash", ...urls.map((url) => http(url)))] } },
        { managedSettings: managed },
      );
      expect(engine.diagnostics).toEqual([
        {
          code: "invalid_config",
          severity: "error",
          message: `allowedHttpHookUrls pattern "not a pattern" in ${managed} is not a URL pattern: it is not a URL (write scheme://host[:port][/path]); it matches no URL`,
          file: managed,
          path: "allowedHttpHookUrls[1]",
        },
        ...urls.map((url, index) => ({
          code: "http_url_refused",
          severity: "error",
          message: `http hook ${url} is not allowed: it matches no allowedHttpHookUrls pattern (set in ${managed}); the handler is skipped`,
          file: settingsFile,
          path: `hooks.PreToolUse[0].hooks[${index}].url`,
        })),
      ]);
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(result.runs).toEqual([]);
      expect(server.received).toHaveLength(0);
    });

    it("blocks every http hook with an empty list, and keeps command hooks", async () => {
      const server = await startServer(reply(204));
      const { engine } = await setup({
        allowedHttpHookUrls: [],
        hooks: {
          PreToolUse: [
            group("Bash", http(`${server.url}/a`), { type: "command", command: "true" }),
          ],
        },
      });
      expect(codes(engine.diagnostics)).toEqual(["http_url_refused"]);
      expect(engine.diagnostics[0]?.message).toContain("allowedHttpHookUrls is an empty list");
      const result = await engine.dispatch("PreToolUse", bash("ls"));
      expect(result.runs).toEqual([expect.objectContaining({ command: "true" })]);
      expect(server.received).toHaveLength(0);
    });

    it("applies a list set in a configFiles file", async () => {
      const server = await startServer(reply(204));
      const workspace = createTestWorkspace("http-policy-engine");
      const extra = workspace.writeJson("extra.json", {
        allowedHttpHookUrls: ["https://only.example/*"],
        hooks: { PreToolUse: [group("Bash", http(`${server.url}/x`))] },
      });
      const { engine } = await setup({}, { configFiles: [extra] });
      expect(codes(engine.diagnostics)).toEqual(["http_url_refused"]);
      expect(engine.diagnostics[0]?.file).toBe(extra);
    });
  });

  describe("header variables", () => {
    it("interpolates only allowedEnvVars, cut to the managed httpHookAllowedEnvVars, which configFiles cannot widen", async () => {
      const server = await startServer(reply(204));
      const workspace = createTestWorkspace("http-env-engine");
      const managed = workspace.writeJson("managed.json", {
        httpHookAllowedEnvVars: ["CORP_TOKEN", "TEAM"],
      });
      const extra = workspace.writeJson("extra.json", {
        httpHookAllowedEnvVars: ["HOME"],
        hooks: {
          PreToolUse: [
            group(
              "Bash",
              http(`${server.url}/hook`, {
                headers: {
                  Authorization: "Bearer ${CORP_TOKEN}",
                  "X-Team": "$TEAM",
                  "X-Home": "[$HOME]",
                  "X-Secret": "[$SECRET]",
                },
                allowedEnvVars: ["CORP_TOKEN", "TEAM", "HOME"],
              }),
            ),
          ],
        },
      });
      const { engine } = await setup(
        {},
        {
          managedSettings: managed,
          configFiles: [extra],
          env: { CORP_TOKEN: "c0rp", TEAM: "core", HOME: "/home/me", SECRET: "hidden" },
        },
      );
      expect(engine.diagnostics).toEqual([
        {
          code: "invalid_config",
          severity: "info",
          message: `httpHookAllowedEnvVars in ${extra} is ignored: the managed settings set this list, and other files cannot widen it`,
          file: extra,
          path: "httpHookAllowedEnvVars",
        },
        {
          code: "http_env_var_refused",
          severity: "warning",
          message: `allowedEnvVars "HOME" is not in httpHookAllowedEnvVars (set in ${managed}); header references to it are sent empty`,
          file: extra,
          path: "hooks.PreToolUse[0].hooks[0].allowedEnvVars",
        },
      ]);
      await engine.dispatch("PreToolUse", bash("ls"));
      const headers = server.received[0]?.headers;
      expect(headers?.authorization).toBe("Bearer c0rp");
      expect(headers?.["x-team"]).toBe("core");
      expect(headers?.["x-home"]).toBe("[]");
      expect(headers?.["x-secret"]).toBe("[]");
    });
  });

  it("does not run an http handler on SessionStart", async () => {
    const server = await startServer(reply(204));
    const { engine } = await setup({
      hooks: { SessionStart: [group(null, http(`${server.url}/start`))] },
    });
    expect(codes(engine.diagnostics)).toEqual(["unsupported_handler_type"]);
    await engine.dispatch("SessionStart", { source: "startup" });
    expect(server.received).toHaveLength(0);
  });
});
