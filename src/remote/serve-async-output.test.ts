import { afterEach, describe, expect, it } from "vitest";
import {
  type ServeProcess,
  spawnServeSession,
  waitFor,
} from "../../test/fixtures/remote/serve-process.js";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";

// An `asyncRewake` hook's wake message through `serve --stdio`, as a raw JSON-RPC peer sees it:
// a `hooks/asyncOutput` notification for a host that subscribed, else context on its next dispatch
// (as the library does without `onAsyncOutput`).

const servers: ServeProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")));
});

function startServe() {
  const workspace = createTestWorkspace("serve-async-output");
  const rewake = workspace.writeScript(
    "rewake.sh",
    "#!/bin/sh\ncat > /dev/null\necho 'tests failed: 3 of 12' >&2\nexit 2\n",
  );
  const hooks = workspace.writeJson("rewake-hooks.json", {
    hooks: {
      UserPromptSubmit: [{ hooks: [{ type: "command", command: rewake, asyncRewake: true }] }],
    },
  });
  const { server, lines, send } = spawnServeSession(hooks, workspace);
  servers.push(server);
  let nextId = 1;
  // Sends a request and resolves with its answer's result.
  const request = async (method: string, params: unknown) => {
    const id = nextId++;
    send({ jsonrpc: "2.0", id, method, params });
    await waitFor(() => lines.some((line) => line.id === id && !("method" in line)), 30_000);
    const answer = lines.find((line) => line.id === id && !("method" in line));
    expect(answer).toHaveProperty("result");
    return answer?.result as DispatchAnswer;
  };
  return { lines, request };
}

interface DispatchAnswer {
  additionalContext: string[];
  runs: { status: string }[];
  diagnostics: { code: string }[];
}

const prompt = {
  event: "UserPromptSubmit",
  payload: { session_id: "s-1", prompt: "run the tests" },
};
const idle = { event: "Notification", payload: { session_id: "s-1", message: "idle" } };

describe("serve's asyncRewake output", () => {
  it("reaches a host that did not subscribe as context on its next dispatch", async () => {
    const { lines, request } = startServe();
    await request("hooks/initialize", {});
    const started = await request("hooks/dispatch", prompt);
    expect(started.runs.map((run) => run.status)).toContain("async");
    // The rewake hook ends on its own; dispatch an event without hooks until its message arrives.
    let next = await request("hooks/dispatch", idle);
    for (let tries = 0; next.additionalContext.length === 0 && tries < 300; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      next = await request("hooks/dispatch", idle);
    }
    expect(next.additionalContext).toEqual(["tests failed: 3 of 12"]);
    expect(next.diagnostics.map((diagnostic) => diagnostic.code)).toContain("async_output");
    // No notification was sent to a host that did not ask for them.
    expect(lines.filter((line) => "method" in line)).toEqual([]);
  });

  it("reaches a subscribed host as a hooks/asyncOutput notification, and only that way", async () => {
    const { lines, request } = startServe();
    await request("hooks/initialize", { notifications: ["asyncOutput"] });
    await request("hooks/dispatch", prompt);
    await waitFor(() => lines.some((line) => line.method === "hooks/asyncOutput"), 30_000);
    const notification = lines.find((line) => line.method === "hooks/asyncOutput");
    expect(notification).toMatchObject({
      params: {
        sessionId: "s-1",
        rewake: true,
        message: "tests failed: 3 of 12",
        additionalContext: null,
        systemMessage: null,
      },
    });
    expect(notification).not.toHaveProperty("id");
    // The host woke the agent: nothing waits for the next dispatch.
    const next = await request("hooks/dispatch", idle);
    expect(next.additionalContext).toEqual([]);
  });
});
