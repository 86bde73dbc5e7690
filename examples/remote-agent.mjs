#!/usr/bin/env node
// The agent side of a client/server split (docs/remote.md): this process runs no hooks; every
// event goes to `agent-hooks serve`, where the hooks are configured, and comes back as the same
// DispatchResult a local engine returns.
//
//   node examples/remote-agent.mjs [ws://127.0.0.1:7777]   (AGENT_HOOKS_TOKEN set to the token)
//   node examples/remote-agent.mjs --stdio                 (starts `agent-hooks serve --stdio` itself)
import { fileURLToPath } from "node:url";
import { connectWebSocket, createRemoteHookEngine, spawnHookServer } from "agent-hooks/remote";

const target = process.argv[2] ?? "ws://127.0.0.1:7777";
let transport;
if (target === "--stdio") {
  const bin = fileURLToPath(new URL("../bin/agent-hooks.js", import.meta.url));
  transport = spawnHookServer(process.execPath, [
    bin,
    "serve",
    "--stdio",
    "--config",
    "examples/hooks.json",
  ]);
} else {
  const token = process.env.AGENT_HOOKS_TOKEN;
  if (!token) {
    console.error("Set AGENT_HOOKS_TOKEN to the token `agent-hooks serve --listen` printed.");
    process.exit(1);
  }
  transport = connectWebSocket(target, { token });
}

// Fail closed: if the hooks cannot be reached, tool calls are denied rather than let through.
const engine = createRemoteHookEngine(transport, { timeoutMs: 10_000, failMode: "closed" });
const events = [
  ["PreToolUse", { tool_name: "Bash", tool_input: { command: "rm -rf build" } }],
  ["PreToolUse", { tool_name: "Write", tool_input: { file_path: ".env.local" } }],
  ["PreToolUse", { tool_name: "Write", tool_input: { file_path: "src/app.ts" } }],
  [
    "PostToolUse",
    { tool_name: "Write", tool_input: { file_path: "src/app.ts" }, tool_response: {} },
  ],
  ["Stop", { last_assistant_message: "Done." }],
  ["Stop", { last_assistant_message: "Done." }],
];
for (const [event, payload] of events) {
  const result = await engine.dispatch(event, { session_id: "remote-demo", ...payload });
  const said = result.reason ?? result.additionalContext.join(" ");
  const problems = result.diagnostics.map((diagnostic) => diagnostic.code).join(", ");
  console.log(
    `${event.padEnd(11)} ${String(result.decision).padEnd(5)} ${said}${problems ? ` [${problems}]` : ""}`,
  );
}
await engine.close();
