#!/usr/bin/env node
// The smallest LangChain.js agent with hooks: `createAgent` with a scripted fake model, a shell tool
// that only echoes, and the bundled example hooks. Run `npm run build`, then
// `node examples/langchain-agent.mjs`.
import { createHookEngine } from "agent-hooks";
import { createHooksMiddleware } from "agent-hooks/langchain";
import { AIMessage, createAgent, fakeModel, HumanMessage, tool } from "langchain";
import { z } from "zod";
import { exampleHooksFile, repository } from "./example-hooks.mjs";

// The example hooks name their scripts relative to the repository, so the session runs there.
const engine = await createHookEngine({
  profile: "deepagents",
  cwd: repository,
  configFiles: [exampleHooksFile],
});

// Named like Deep Agents' shell tool, so hooks see it as `Bash`.
const execute = tool(async ({ command }) => `(pretend) ran: ${command}`, {
  name: "execute",
  description: "Run a shell command",
  schema: z.object({ command: z.string() }),
});

const model = fakeModel()
  .respond(
    new AIMessage({
      content: "Cleaning up.",
      tool_calls: [{ name: "execute", args: { command: "rm -rf build" }, id: "call_1" }],
    }),
  )
  .respond(new AIMessage("I left the build folder alone; the tests pass."));

const agent = createAgent({
  model,
  tools: [execute],
  middleware: [
    createHooksMiddleware(engine, {
      onDispatch: ({ event, payload, result }) => {
        const subject = payload.tool_name === undefined ? "" : ` ${payload.tool_name}`;
        const reason = result.reason === null ? "" : `: ${result.reason}`;
        console.log(`hook  ${event}${subject} → ${result.decision ?? "no decision"}${reason}`);
      },
    }),
  ],
});

const state = await agent.invoke({ messages: [new HumanMessage("Clean the build folder")] });
for (const message of state.messages) {
  console.log(`${message.type.padEnd(5)} ${message.text.replaceAll("\n", "\n      ")}`);
}
await engine.close();
