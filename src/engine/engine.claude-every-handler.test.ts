import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { claudeProfile } from "../profiles/claude.js";
import type { McpToolRequest, ModelHookRequest } from "../run/host-callbacks.js";
import { createHookEngine, type HookEngine } from "./engine.js";

// The done-when: a project `.claude/settings.json` with every Claude Code handler type on
// every event loads with no diagnostic when the host supplies the callbacks, and each handler
// runs: a real process, a real HTTP server, and host callbacks that record what they were asked.

const events = Object.keys(claudeProfile.events);
// Claude Code runs no http handler on these events (the table's unsupportedHandlerTypes).
const withoutHttp = events.filter((event) =>
  (
    claudeProfile.events[event as keyof typeof claudeProfile.events] as {
      unsupportedHandlerTypes?: readonly string[];
    }
  ).unsupportedHandlerTypes?.includes("http"),
);

const engines: HookEngine[] = [];
const servers: ReturnType<typeof createServer>[] = [];
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

async function startServer(received: string[]): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received.push(request.url ?? "");
      response.writeHead(204);
      response.end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function everyHandler(event: string, url: string): unknown[] {
  const handlers: unknown[] = [
    { type: "command", command: "true" },
    { type: "command", command: "exit 0", async: true },
    { type: "prompt", prompt: `Is this ${event} fine? $ARGUMENTS` },
    { type: "agent", prompt: `Check the ${event}` },
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Claude Code's placeholder syntax
    { type: "mcp_tool", server: "memory", tool: "record", input: { event: "${hook_event_name}" } },
  ];
  if (!withoutHttp.includes(event)) handlers.push({ type: "http", url: `${url}/${event}` });
  return handlers;
}

describe.skipIf(process.platform === "win32")(
  "claude profile: every handler type on every event",
  () => {
    it("loads with no diagnostic when the host supplies the callbacks, and runs each handler", async () => {
      const workspace = createTestWorkspace("every-handler");
      const received: string[] = [];
      const url = await startServer(received);
      const hooks = Object.fromEntries(
        events.map((event) => [event, [{ hooks: everyHandler(event, url) }]]),
      );
      workspace.writeJson("project/.claude/settings.json", { hooks });
      const prompts: string[] = [];
      const agents: string[] = [];
      const tools: McpToolRequest[] = [];
      const engine = await createHookEngine({
        profile: "claude",
        cwd: workspace.project,
        home: workspace.home,
        evaluatePrompt: async (request: ModelHookRequest) => {
          prompts.push(request.event);
          return { ok: true };
        },
        runAgentHook: async (request: ModelHookRequest) => {
          agents.push(request.event);
          return '{"ok": true}';
        },
        callMcpTool: async (request: McpToolRequest) => {
          tools.push(request);
          return { content: [] };
        },
      });
      engines.push(engine);
      expect(engine.diagnostics).toEqual([]);
      expect(events).toHaveLength(31);

      const statuses: Record<string, string[]> = {};
      const diagnostics: string[] = [];
      for (const event of events) {
        const result = await engine.dispatch(event, {
          tool_name: "Bash",
          tool_input: { command: "ls" },
        });
        statuses[event] = result.runs.map((run) => run.status);
        diagnostics.push(...result.diagnostics.map((entry) => `${event}: ${entry.message}`));
      }
      const expected = (event: string) => [
        "ok",
        "async",
        "ok",
        "ok",
        "ok",
        ...(withoutHttp.includes(event) ? [] : ["ok"]),
      ];
      expect(statuses).toEqual(Object.fromEntries(events.map((event) => [event, expected(event)])));
      expect(diagnostics).toEqual([]);
      expect(prompts).toEqual(events);
      expect(agents).toEqual(events);
      expect(tools.map((request) => request.input)).toEqual(events.map((event) => ({ event })));
      expect(received).toEqual(
        events.filter((event) => !withoutHttp.includes(event)).map((event) => `/${event}`),
      );
    });
  },
);
