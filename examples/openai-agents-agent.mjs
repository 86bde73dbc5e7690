#!/usr/bin/env node
// An OpenAI Agents SDK agent with hooks: `run()` with a scripted model (no network, no API key), two
// pretend tools and the bundled example hooks (examples/hooks.json). Run `npm run build`, then
// `node examples/openai-agents-agent.mjs`.
import { Agent, run, setTracingDisabled, tool, Usage } from "@openai/agents";
import { createHookEngine } from "agent-hooks";
import { runWithStopHooks, withHooks } from "agent-hooks/openai-agents";
import { z } from "zod";
import { exampleHooksFile, printDispatch, printStop, repository } from "./example-hooks.mjs";

setTracingDisabled(true);
// The example hooks name their scripts relative to the repository, so the session runs there.
const engine = await createHookEngine({
  profile: "deepagents",
  cwd: repository,
  configFiles: [exampleHooksFile],
});

const bash = tool({
  name: "bash",
  description: "Run a shell command",
  parameters: z.object({ command: z.string() }),
  execute: async ({ command }) => {
    console.log(`tool  bash ran: ${command}`);
    return command === "npm test" ? "(pretend) 12 tests pass" : `(pretend) ran: ${command}`;
  },
});
const writeFile = tool({
  name: "write_file",
  description: "Write a file",
  parameters: z.object({ file_path: z.string(), content: z.string() }),
  execute: async ({ file_path }) => {
    console.log(`tool  write_file wrote: ${file_path}`);
    return `(pretend) wrote ${file_path}`;
  },
});

let callNumber = 0;
const callTool = (name, input) => ({
  type: "function_call",
  callId: `call_${++callNumber}`,
  name,
  arguments: JSON.stringify(input),
  status: "completed",
});
const say = (text) => ({
  type: "message",
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text }],
});

// A Model that answers from a script: one response per model call.
const script = [
  [callTool("bash", { command: "rm -rf build" })],
  [callTool("write_file", { file_path: ".env", content: "TOKEN=abc" })],
  [
    callTool("write_file", {
      file_path: "src/add.ts",
      content: "export const add = (a, b) => a + b;",
    }),
  ],
  [say("Fixed add().")],
  [callTool("bash", { command: "npm test" })],
  [say("Fixed add(); npm test ran and the tests pass.")],
];
const model = {
  async getResponse() {
    return { usage: new Usage(), output: script.shift() ?? [say("(script ended)")] };
  },
  async *getStreamedResponse() {
    yield* [];
    throw new Error("This scripted model does not stream");
  },
};

const agent = new Agent({
  name: "coder",
  instructions: "You fix code.",
  model,
  tools: withHooks(engine, [bash, writeFile], {
    toolNameMap: { bash: "Bash", write_file: "Write" },
    onDispatch: printDispatch,
    onAsk: (request) => {
      console.log(
        `user  asked to approve ${request.toolName} ${request.input.file_path}: declines`,
      );
      return false;
    },
  }),
});

const { result, continuations } = await runWithStopHooks({
  engine,
  input: "Fix add() and clean the build folder",
  generate: (input) => run(agent, input, { maxTurns: 20 }),
  onStop: printStop,
});
for (const item of result.history) {
  if (item.type === "function_call_result" && item.output.type === "text") {
    console.log(`model saw (${item.name}): ${item.output.text.replaceAll("\n", " ")}`);
  }
}
console.log(`end   ${result.finalOutput} (Stop continuations: ${continuations})`);
await engine.close();
