// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${…}` is the header variable syntax of http handlers, not a template.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { HttpHookAction } from "../config/hook-definition.js";
import { postHttpHook } from "./post-http-hook.js";
import type { HookActionRequest } from "./run-hook-action.js";

// postHttpHook against real HTTP servers on 127.0.0.1, started per test.

interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

interface TestServer {
  url: string;
  received: ReceivedRequest[];
}

type Respond = (request: ReceivedRequest, response: ServerResponse) => void;

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
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

async function startServer(respond: Respond): Promise<TestServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = {
        method: request.method ?? "",
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
  (status: number, body = "", headers: Record<string, string> = {}): Respond =>
  (_request, response) => {
    response.writeHead(status, headers);
    response.end(body);
  };

const payload = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } };

function createRequest(
  action: Partial<HttpHookAction> & { url: string },
  overrides: Partial<HookActionRequest<HttpHookAction>> = {},
): HookActionRequest<HttpHookAction> {
  return {
    action: { type: "http", headers: {}, allowedEnvVars: [], ...action },
    event: "PreToolUse",
    input: JSON.stringify(payload),
    payload,
    env: {},
    timeoutMs: 10_000,
    captureLimitBytes: 64 * 1024,
    signal: new AbortController().signal,
    ...overrides,
  };
}

describe("postHttpHook", () => {
  it("POSTs the event JSON with Content-Type application/json; a 2xx empty reply is exit 0", async () => {
    const server = await startServer(reply(204));
    const outcome = await postHttpHook(createRequest({ url: `${server.url}/hook` }));
    expect(outcome).toMatchObject({ exitCode: 0, stdout: "", timedOut: false, cancelled: false });
    expect(server.received).toHaveLength(1);
    const [request] = server.received;
    expect(request?.method).toBe("POST");
    expect(request?.path).toBe("/hook");
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request?.body ?? "")).toEqual(payload);
  });

  it("passes a 2xx JSON object reply on as stdout with exit 0", async () => {
    const body = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" },
    });
    const server = await startServer(reply(200, body, { "content-type": "application/json" }));
    const outcome = await postHttpHook(createRequest({ url: `${server.url}/hook` }));
    expect(outcome).toMatchObject({ exitCode: 0, stdout: body, stderr: "" });
    expect(outcome.stdoutBytes).toBe(Buffer.byteLength(body));
  });

  it.each([
    ["plain text", "allowed"],
    ["a JSON value that is not an object", "[1, 2]"],
  ])("makes a 2xx reply with %s a non-blocking error (exit 1)", async (_label, body) => {
    const server = await startServer(reply(200, body));
    const outcome = await postHttpHook(createRequest({ url: `${server.url}/hook` }));
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stdout).toBe("");
    expect(outcome.stderr).toBe(
      `HTTP 200 from ${server.url}/hook is not a JSON object (a 2xx reply must be empty or JSON): ${body}`,
    );
  });

  it("makes a non-2xx reply a non-blocking error even when its body is JSON", async () => {
    const body = JSON.stringify({ decision: "block", reason: "no" });
    const server = await startServer(reply(500, body, { "content-type": "application/json" }));
    const outcome = await postHttpHook(createRequest({ url: `${server.url}/hook?token=secret` }));
    expect(outcome).toMatchObject({ exitCode: 1, stdout: "" });
    // The query string is left out of the message: it may hold a secret.
    expect(outcome.stderr).toBe(`HTTP 500 from ${server.url}/hook: ${body}`);
  });

  it("quotes only the first 200 characters of a refused reply", async () => {
    const server = await startServer(reply(503, "x".repeat(1000)));
    const outcome = await postHttpHook(createRequest({ url: `${server.url}/hook` }));
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toBe(`HTTP 503 from ${server.url}/hook: ${"x".repeat(200)}…`);
  });

  it("reports a refused connection as a non-blocking error", async () => {
    const server = await startServer(reply(204));
    const closing = servers.splice(0);
    await Promise.all(
      closing.map((closed) => new Promise<void>((resolve) => closed.close(() => resolve()))),
    );
    const outcome = await postHttpHook(createRequest({ url: `${server.url}/hook` }));
    expect(outcome).toMatchObject({ exitCode: 1, timedOut: false, spawnError: null });
    expect(outcome.stderr).toBe(`connection refused by ${server.url}/hook`);
  });

  it("reports a server that does not answer in time as timed out", async () => {
    // The reply never comes; closing the server ends the connection.
    const server = await startServer(() => undefined);
    const outcome = await postHttpHook(
      createRequest({ url: `${server.url}/slow` }, { timeoutMs: 200 }),
    );
    expect(outcome).toMatchObject({ exitCode: null, timedOut: true, cancelled: false });
  });

  it("reports a server that stops sending its body in time as timed out", async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(200);
      response.write('{"systemMessage": "');
    });
    const outcome = await postHttpHook(
      createRequest({ url: `${server.url}/slow` }, { timeoutMs: 200 }),
    );
    expect(outcome).toMatchObject({ exitCode: null, timedOut: true });
  });

  it("reports the engine closing during the request as cancelled", async () => {
    const controller = new AbortController();
    const server = await startServer(() => controller.abort());
    const outcome = await postHttpHook(
      createRequest({ url: `${server.url}/hook` }, { signal: controller.signal }),
    );
    expect(outcome).toMatchObject({ exitCode: null, timedOut: false, cancelled: true });
  });

  it("does not send anything when the engine is already closed", async () => {
    const server = await startServer(reply(204));
    const controller = new AbortController();
    controller.abort();
    const outcome = await postHttpHook(
      createRequest({ url: `${server.url}/hook` }, { signal: controller.signal }),
    );
    expect(outcome.cancelled).toBe(true);
    expect(server.received).toHaveLength(0);
  });

  it("keeps at most captureLimitBytes of a reply and marks it cut", async () => {
    const body = JSON.stringify({ systemMessage: "y".repeat(10_000) });
    const server = await startServer(reply(200, body));
    const outcome = await postHttpHook(
      createRequest({ url: `${server.url}/hook` }, { captureLimitBytes: 1000 }),
    );
    expect(outcome).toMatchObject({ exitCode: 0, stdoutTruncated: true });
    expect(outcome.stdout).toBe(body.slice(0, 1000));
    expect(outcome.stdoutBytes).toBeGreaterThan(1000);
  });

  it("stops reading an endless reply at the capture limit", async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(200);
      const chunk = "z".repeat(16 * 1024);
      const writeMore = () => {
        while (response.write(chunk)) {
          // Keep the buffer full until the client goes away.
        }
      };
      response.on("drain", writeMore);
      writeMore();
    });
    const outcome = await postHttpHook(
      createRequest({ url: `${server.url}/endless` }, { captureLimitBytes: 100_000 }),
    );
    expect(outcome).toMatchObject({ exitCode: 0, stdoutTruncated: true, timedOut: false });
    expect(outcome.stdout).toHaveLength(100_000);
  });

  it("follows a same-origin 307 redirect with the same POST body", async () => {
    const server = await startServer((request, response) => {
      if (request.path === "/old") response.writeHead(307, { location: "/new" }).end();
      else response.writeHead(200).end('{"systemMessage": "moved"}');
    });
    const outcome = await postHttpHook(createRequest({ url: `${server.url}/old` }));
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '{"systemMessage": "moved"}' });
    expect(server.received.map((request) => [request.method, request.path])).toEqual([
      ["POST", "/old"],
      ["POST", "/new"],
    ]);
    expect(server.received[1]?.body).toBe(JSON.stringify(payload));
  });

  it("follows a same-origin 303 redirect as a GET without a body, as fetch does", async () => {
    const server = await startServer((request, response) => {
      if (request.path === "/old") response.writeHead(303, { location: "/done" }).end();
      else response.writeHead(204).end();
    });
    const outcome = await postHttpHook(createRequest({ url: `${server.url}/old` }));
    expect(outcome.exitCode).toBe(0);
    expect(server.received.map((request) => [request.method, request.body])).toEqual([
      ["POST", JSON.stringify(payload)],
      ["GET", ""],
    ]);
  });

  it("does not follow a redirect to another origin", async () => {
    const other = await startServer(reply(200, '{"decision": "block", "reason": "elsewhere"}'));
    const server = await startServer(reply(302, "", { location: `${other.url}/steal` }));
    const outcome = await postHttpHook(createRequest({ url: `${server.url}/hook` }));
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toBe(
      `HTTP 302 from ${server.url}/hook redirects to another origin (${other.url}); cross-origin redirects are not followed`,
    );
    expect(other.received).toHaveLength(0);
  });

  it("stops after five same-origin redirects", async () => {
    const server = await startServer((request, response) => {
      response.writeHead(307, { location: `${request.path}x` }).end();
    });
    const outcome = await postHttpHook(createRequest({ url: `${server.url}/r` }));
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toBe(`${server.url}/r redirected more than 5 times`);
    expect(server.received).toHaveLength(6);
  });

  it("fills header variables listed in allowedEnvVars and empties the others", async () => {
    const server = await startServer(reply(204));
    const request = createRequest(
      {
        url: `${server.url}/hook`,
        headers: {
          Authorization: "Bearer $HOOK_TOKEN",
          "X-Team": "${TEAM}-${UNSET_ALLOWED}",
          "X-Leak": "[$SECRET]",
        },
        allowedEnvVars: ["HOOK_TOKEN", "TEAM", "UNSET_ALLOWED"],
      },
      { env: { HOOK_TOKEN: "t0ken", TEAM: "core", SECRET: "hidden" } },
    );
    const outcome = await postHttpHook(request);
    expect(outcome.exitCode).toBe(0);
    const headers = server.received[0]?.headers;
    expect(headers?.authorization).toBe("Bearer t0ken");
    expect(headers?.["x-team"]).toBe("core-");
    expect(headers?.["x-leak"]).toBe("[]");
  });

  it("keeps the JSON content type over a configured one", async () => {
    const server = await startServer(reply(204));
    await postHttpHook(
      createRequest({ url: `${server.url}/hook`, headers: { "Content-Type": "text/plain" } }),
    );
    expect(server.received[0]?.headers["content-type"]).toBe("application/json");
  });

  it("refuses a header value that becomes invalid without quoting it", async () => {
    const server = await startServer(reply(204));
    const outcome = await postHttpHook(
      createRequest(
        { url: `${server.url}/hook`, headers: { "X-Token": "$TOKEN" }, allowedEnvVars: ["TOKEN"] },
        { env: { TOKEN: "secret\r\nX-Injected: 1" } },
      ),
    );
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toBe(
      'header "X-Token" has an invalid name or value (after interpolation)',
    );
    expect(outcome.stderr).not.toContain("secret");
    expect(server.received).toHaveLength(0);
  });

  it.each([
    ["not a URL", "not a url", 'invalid URL "not a url"'],
    ["another scheme", "file:///etc/passwd", "URL file:///etc/passwd is not http or https"],
    [
      "credentials in the URL",
      "http://user:pass@127.0.0.1:9/hook",
      "URL http://127.0.0.1:9/hook carries credentials; send them in a header instead",
    ],
  ])("refuses %s without sending", async (_label, url, message) => {
    const outcome = await postHttpHook(createRequest({ url }));
    expect(outcome).toMatchObject({ exitCode: 1, stderr: message });
  });
});
