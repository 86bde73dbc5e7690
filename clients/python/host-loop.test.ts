import { execFile } from "node:child_process";
import { accessSync, constants, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";

// A Python host loop (check_host_loop.py) on the shipped client against a real `serve --stdio`:
// prompt, agent and mcp_tool hooks answered by Python functions, run notifications, async output
// on the next turn, a skill's scoped hooks, a stuck model cut by the handler's timeout, and the
// asyncio client. Every message that crossed the wire is then checked against the generated
// schemas/protocol.json.

const root = fileURLToPath(new URL("../..", import.meta.url));
const hooks = path.join(root, "test/fixtures/remote/host-callback-hooks.json");

function findPython(): string | null {
  for (const folder of (process.env.PATH ?? "").split(path.delimiter)) {
    if (folder === "") continue;
    const candidate = path.join(folder, "python3");
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder.
    }
  }
  return null;
}
const python = findPython();

interface Report {
  lines: string[];
  results: Record<string, { decision: string | null; runs: { status: string }[] }>;
  messages: { direction: "sent" | "received"; message: Record<string, unknown> }[];
}

function runHostLoop(input: unknown): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      python ?? "python3",
      ["clients/python/check_host_loop.py"],
      { cwd: root, env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" }, maxBuffer: 16 << 20 },
      (error, stdout, stderr) => {
        if (error !== null)
          reject(new Error(`check_host_loop.py failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as Report);
      },
    );
    child.stdin?.end(JSON.stringify(input));
  });
}

/** The JSON Schema of one protocol message, from the shipped schemas/protocol.json. */
function loadProtocolSchemas() {
  const document = JSON.parse(readFileSync(path.join(root, "schemas/protocol.json"), "utf8")) as {
    $defs: Record<string, object>;
    serverMethods: Record<string, string>;
    hostMethods: Record<string, string>;
    notificationMethods: Record<string, string>;
    cancelRequestMethod: string;
  };
  const schema = (name: string) => {
    const definition = document.$defs[name];
    if (definition === undefined) throw new Error(`schemas/protocol.json has no ${name}`);
    return z.fromJSONSchema(definition as Parameters<typeof z.fromJSONSchema>[0]);
  };
  return { document, schema };
}

describe.skipIf(python === null)("a Python host loop on the client (check_host_loop.py)", () => {
  it("answers prompt, agent and mcp_tool hooks, shows run status, gets async output on the next turn, adds a skill's hooks, and survives a stuck model", async () => {
    const workspace = createTestWorkspace("python-host-loop");
    const report = await runHostLoop({
      config: hooks,
      home: workspace.home,
      cwd: workspace.project,
    });
    const { lines } = report;
    const at = (line: string) => {
      const index = lines.indexOf(line);
      expect(lines, `missing line ${JSON.stringify(line)}`).toContain(line);
      return index;
    };

    expect(lines[0]).toBe("initialized: claude, deny on PermissionRequest, PreToolUse");
    // The prompt hook, answered by a Python function, decides; its status line is shown (the
    // notification thread and the callback thread run side by side: no order between them).
    at("status: Asking the model");
    at("model asked about: rm -rf build");
    at("PreToolUse rm -rf build: deny (the model refuses: rm -rf build)");
    at("subagent checked the PreToolUse of Bash");
    // The mcp_tool hook's text is read like a command's stdout.
    at('mcp policy/check {"command": "rm -rf build"}');
    at("PreToolUse ls: None ['policy server: ok']");
    at("run ended: PreToolUse:0:0 blocked");
    // The async hook's output: a notification, then the next dispatch's context.
    at("PostToolUse ls: ['async'] []");
    expect(at("async output: the linter finished: 0 problems")).toBeLessThan(
      at("UserPromptSubmit next: ['the linter finished: 0 problems']"),
    );
    // A skill's hooks run while the skill is active, and not after.
    at("skill added: skill:deploy ['skill:deploy/PreToolUse:0:0'] []");
    at("PreToolUse make deploy: ['policy server: ok', 'deploy skill saw it']");
    at("after the skill: ['policy server: ok']");
    // A model that never answers: the handler's timeout ends the call; the dispatch completes.
    at("Stop with a stuck model: ['timeout'] None");
    at("asyncio PreToolUse: deny (the async model refuses) on the host loop: [True]");

    // The server told the host it stopped waiting for the stuck call.
    const { document, schema } = loadProtocolSchemas();
    const received = report.messages.filter((entry) => entry.direction === "received");
    const cancelled = received.filter(
      (entry) => entry.message.method === document.cancelRequestMethod,
    );
    expect(cancelled).toHaveLength(1);

    // Every message, both ways, matches the shipped JSON Schema of the protocol.
    const requests = new Map<unknown, string>();
    const checked = new Set<string>();
    const check = (name: string, value: unknown) => {
      const parsed = schema(name).safeParse(value);
      expect({ name, value, issues: parsed.error?.issues ?? [] }).toEqual({
        name,
        value,
        issues: [],
      });
      checked.add(name);
    };
    const byMethod: Record<string, string> = {
      [document.hostMethods.evaluatePrompt ?? ""]: "ModelHookRequest",
      [document.hostMethods.runAgentHook ?? ""]: "ModelHookRequest",
      [document.hostMethods.callMcpTool ?? ""]: "McpToolRequest",
      [document.notificationMethods.runStarted ?? ""]: "RunStarted",
      [document.notificationMethods.runEnded ?? ""]: "RunEnded",
      [document.notificationMethods.asyncOutput ?? ""]: "AsyncOutput",
      [document.cancelRequestMethod]: "CancelRequest",
      [document.serverMethods.initialize ?? ""]: "InitializeParams",
      [document.serverMethods.addScopedHooks ?? ""]: "AddScopedHooksParams",
      [document.serverMethods.removeScopedHooks ?? ""]: "RemoveScopedHooksParams",
    };
    const results: Record<string, string> = {
      [document.serverMethods.initialize ?? ""]: "InitializeResult",
      [document.serverMethods.dispatch ?? ""]: "DispatchResult",
      [document.serverMethods.addScopedHooks ?? ""]: "AddScopedHooksResult",
      [document.serverMethods.removeScopedHooks ?? ""]: "RemoveScopedHooksResult",
      [document.hostMethods.evaluatePrompt ?? ""]: "ModelHookReply",
      [document.hostMethods.runAgentHook ?? ""]: "ModelHookReply",
      [document.hostMethods.callMcpTool ?? ""]: "McpToolResult",
    };
    for (const { direction, message } of report.messages) {
      const method = message.method;
      if (typeof method === "string") {
        if ("id" in message) requests.set(`${direction}:${String(message.id)}`, method);
        const name = byMethod[method];
        if (name !== undefined) check(name, message.params);
        continue;
      }
      // An answer goes the other way from its request.
      const asked = requests.get(
        `${direction === "sent" ? "received" : "sent"}:${String(message.id)}`,
      );
      const name = asked === undefined ? undefined : results[asked];
      if (name !== undefined && "result" in message) check(name, message.result);
    }
    expect([...checked].sort()).toEqual(
      [
        "AddScopedHooksParams",
        "AddScopedHooksResult",
        "AsyncOutput",
        "CancelRequest",
        "DispatchResult",
        "InitializeParams",
        "InitializeResult",
        "McpToolRequest",
        "McpToolResult",
        "ModelHookReply",
        "ModelHookRequest",
        "RemoveScopedHooksParams",
        "RemoveScopedHooksResult",
        "RunEnded",
        "RunStarted",
      ].sort(),
    );
  }, 120_000);
});
