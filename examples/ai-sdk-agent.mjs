#!/usr/bin/env node
// A Vercel AI SDK agent with hooks: `generateText` with a scripted mock model, two pretend tools and
// the bundled example hooks (examples/hooks.json). Run `npm run build`, then
// `node examples/ai-sdk-agent.mjs`.
import { createHookEngine } from "agent-hooks";
import { isHookToolResult, runWithStopHooks, withHooks } from "agent-hooks/ai-sdk";
import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";
import { exampleHooksFile, printDispatch, printStop, repository } from "./example-hooks.mjs";

// The example hooks name their scripts relative to the repository, so the session runs there.
const engine = await createHookEngine({
  profile: "deepagents",
  cwd: repository,
  configFiles: [exampleHooksFile],
});

const tools = {
  bash: tool({
    description: "Run a shell command",
    inputSchema: z.object({ command: z.string() }),
    execute: async ({ command }) => {
      console.log(`tool  bash ran: ${command}`);
      return command === "npm test" ? "(pretend) 12 tests pass" : `(pretend) ran: ${command}`;
    },
  }),
  writeFile: tool({
    description: "Write a file",
    inputSchema: z.object({ file_path: z.string(), content: z.string() }),
    execute: async ({ file_path }) => {
      console.log(`tool  writeFile wrote: ${file_path}`);
      return `(pretend) wrote ${file_path}`;
    },
  }),
};

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
};
let callNumber = 0;
const callTool = (toolName, input) => ({
  content: [
    {
      type: "tool-call",
      toolCallId: `call_${++callNumber}`,
      toolName,
      input: JSON.stringify(input),
    },
  ],
  finishReason: { unified: "tool-calls", raw: undefined },
  usage,
  warnings: [],
});
const say = (text) => ({
  content: [{ type: "text", text }],
  finishReason: { unified: "stop", raw: undefined },
  usage,
  warnings: [],
});

// The model's side of the session, one response per step.
const model = new MockLanguageModelV3({
  doGenerate: [
    callTool("bash", { command: "rm -rf build" }),
    callTool("writeFile", { file_path: ".env", content: "TOKEN=abc" }),
    callTool("writeFile", {
      file_path: "src/add.ts",
      content: "export const add = (a, b) => a + b;",
    }),
    say("Fixed add()."),
    callTool("bash", { command: "npm test" }),
    say("Fixed add(); npm test ran and the tests pass."),
  ],
});

const hookedTools = withHooks(engine, tools, {
  toolNameMap: { bash: "Bash", writeFile: "Write" },
  onDispatch: printDispatch,
});

const session = {
  engine,
  generate: (messages) =>
    generateText({ model, tools: hookedTools, messages, stopWhen: stepCountIs(10) }),
  onStop: printStop,
};

// The first run pauses when a hook asks for approval (the .env write).
const first = await runWithStopHooks({
  ...session,
  messages: [{ role: "user", content: "Fix add() and clean the build folder" }],
});
for (const step of first.result.steps) {
  for (const result of step.toolResults) {
    if (isHookToolResult(result.output)) console.log(`model saw: ${JSON.stringify(result.output)}`);
  }
}
const approval = first.result.content.find((part) => part.type === "tool-approval-request");
console.log(
  `approval requested for ${approval.toolCall.toolName} ${approval.toolCall.input.file_path}`,
);
console.log("user  declines");

// The host answers the approval and resumes; Stop hooks may send the agent back once.
const second = await runWithStopHooks({
  ...session,
  messages: [
    ...first.messages,
    {
      role: "tool",
      content: [
        { type: "tool-approval-response", approvalId: approval.approvalId, approved: false },
      ],
    },
  ],
});
console.log(`end   ${second.result.text} (Stop continuations: ${second.continuations})`);
await engine.close();
