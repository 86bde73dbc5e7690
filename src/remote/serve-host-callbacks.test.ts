import { afterEach, describe, expect, it } from "vitest";
import {
  type ServeProcess,
  spawnServeSession,
  waitFor,
} from "../../test/fixtures/remote/serve-process.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";

// `serve --stdio` calling its host back (host/*), as a raw JSON-RPC peer sees it. spawnServe
// also loads the remote fixture's hooks.json; only the host callback hooks' runs are read here.

const hooks = "test/fixtures/remote/host-callback-hooks.json";
const servers: ServeProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
});

function startServe() {
  const workspace = createTestWorkspace("serve-host-callbacks");
  const { server, lines, send } = spawnServeSession(hooks, workspace);
  servers.push(server);
  return { server, lines, send };
}

interface Run {
  source: string;
  status: string;
}
const statusesOf = (runs: Run[]) =>
  runs.filter((run) => run.source.endsWith("host-callback-hooks.json")).map((run) => run.status);

const preToolUse = {
  event: "PreToolUse",
  payload: { session_id: "s-1", tool_name: "Bash", tool_input: { command: "ls" } },
};

describe("serve's host/* requests", () => {
  it("skips a handler whose callback the host does not serve, with the library's warning", async () => {
    const { lines, send } = startServe();
    send({ jsonrpc: "2.0", id: 1, method: "hooks/initialize", params: {} });
    send({ jsonrpc: "2.0", id: 2, method: "hooks/dispatch", params: preToolUse });
    await waitFor(() => lines.some((line) => line.id === 2 && !("method" in line)), 30_000);
    const answer = lines.find((line) => line.id === 2 && !("method" in line)) as {
      result: { runs: Run[]; diagnostics: { code: string; message: string }[] };
    };
    expect(statusesOf(answer.result.runs)).toEqual(["skipped", "skipped", "skipped"]);
    const warnings = answer.result.diagnostics.filter(
      (diagnostic) => diagnostic.code === "unsupported_handler_type",
    );
    expect(warnings).toHaveLength(3);
    expect(warnings[0]?.message).toContain("evaluatePrompt callback");
    // Nothing was asked of the host.
    expect(lines.filter((line) => "method" in line)).toEqual([]);
  });

  it("refuses initialize params it does not know (-32602)", async () => {
    const { lines, send } = startServe();
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "hooks/initialize",
      params: { hostCallbacks: ["readMind"] },
    });
    await waitFor(() => lines.some((line) => line.id === 1 && !("method" in line)));
    expect(lines[0]).toMatchObject({ id: 1, error: { code: -32602 } });
  });

  it("completes a dispatch whose host went away while it was asked, and ends", async () => {
    const { server, lines, send } = startServe();
    send({
      jsonrpc: "2.0",
      id: 1,
      method: "hooks/initialize",
      params: { hostCallbacks: ["evaluatePrompt", "callMcpTool", "runAgentHook"] },
    });
    send({ jsonrpc: "2.0", id: 2, method: "hooks/dispatch", params: preToolUse });
    // The three host/* requests are out; the host answers none of them and leaves.
    await waitFor(
      () => lines.filter((line) => line.method?.toString().startsWith("host/")).length === 3,
    );
    expect(
      lines
        .filter((line) => "method" in line)
        .map((line) => line.method)
        .sort(),
    ).toEqual(["host/callMcpTool", "host/evaluatePrompt", "host/runAgentHook"]);
    server.child.stdin.end();
    await waitFor(() => lines.some((line) => line.id === 2 && !("method" in line)), 30_000);
    const answer = lines.find((line) => line.id === 2 && !("method" in line)) as {
      result: { runs: Run[]; diagnostics: { code: string; message: string }[] };
    };
    expect(statusesOf(answer.result.runs)).toEqual(["error", "error", "error"]);
    const gone = answer.result.diagnostics.filter((diagnostic) =>
      diagnostic.message.includes("the host went away"),
    );
    expect(gone).toHaveLength(3);
    // It ends on its own once the host has gone: no signal is sent.
    await waitFor(() => server.child.exitCode !== null || server.child.signalCode !== null, 60_000);
    expect(server.child.exitCode).toBe(0);
  });
});
