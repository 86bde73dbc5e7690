import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import { createHookEngine, type HookEngine } from "../engine/engine.js";
import type { MessageChannel, MessageListeners } from "./message-channel.js";
import { serveHookEngine } from "./serve-hook-engine.js";

const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/** A channel held in memory: `receive` plays the agent side, `sent` collects the answers. */
function createMemoryChannel() {
  const sent: unknown[] = [];
  let listeners: MessageListeners | null = null;
  const channel: MessageChannel = {
    send(text) {
      sent.push(JSON.parse(text));
      return true;
    },
    listen(given) {
      listeners = given;
    },
    close() {},
  };
  return { channel, sent, receive: (text: string) => listeners?.message(text) };
}

describe("serveHookEngine: hooks/initialize", () => {
  it("answers with the protocol version, profile, events, methods and load diagnostics", async () => {
    const workspace = createTestWorkspace("serve-initialize");
    const engine = await createHookEngine({
      profile: "claude",
      cwd: workspace.project,
      home: workspace.home,
      configFiles: [workspace.path("missing.json")],
    });
    engines.push(engine);
    const { channel, sent, receive } = createMemoryChannel();
    serveHookEngine(engine, channel);
    receive(JSON.stringify({ jsonrpc: "2.0", id: 7, method: "hooks/initialize" }));
    expect(sent).toEqual([
      {
        jsonrpc: "2.0",
        id: 7,
        result: {
          protocolVersion: 1,
          profile: "claude",
          events: Object.keys(engine.profile.events),
          decisions: expect.objectContaining({
            PreToolUse: ["deny", "defer", "ask", "allow"],
            PermissionRequest: ["deny", "allow"],
            Stop: ["block"],
            SessionStart: [],
          }),
          // Scoped hooks only where the server allows them (allowScopedHooks).
          methods: ["hooks/initialize", "hooks/dispatch", "hooks/explain"],
          hostMethods: ["host/evaluatePrompt", "host/runAgentHook", "host/callMcpTool"],
          // No run relay: no notifications can be sent.
          notifications: [],
          diagnostics: engine.diagnostics,
        },
      },
    ]);
    expect(Object.keys(engine.profile.events)).toContain("PreToolUse");
  });
});
