import os from "node:os";
import path from "node:path";
import {
  Agent,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  Runner,
  run,
  setTracingDisabled,
  tool,
  Usage,
} from "@openai/agents";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createHookEngine, type HookEngine } from "../../engine/engine.js";
import type { ProfileName } from "../../profiles/profiles.js";
import { createToolGuardrails, runWithStopHooks, withHooks } from "./index.js";

const fixtures = path.resolve("test/fixtures/adapters/shared");
const engines: HookEngine[] = [];

beforeAll(() => setTracingDisabled(true));

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

async function openEngine(profile: ProfileName = "claude", settings = "settings.json") {
  const engine = await createHookEngine({
    profile,
    cwd: fixtures,
    home: os.tmpdir(),
    configFiles: [path.join(fixtures, settings)],
  });
  engines.push(engine);
  return engine;
}

/** A model that answers from a script and records what it was sent. */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  constructor(private readonly script: AgentOutputItem[][]) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const output = this.script[this.requests.length - 1] ?? [say("(script ended)")];
    return { usage: new Usage(), output };
  }
  // biome-ignore lint/correctness/useYield: this model never streams.
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("The scripted model does not stream");
  }
  /** What the model was sent on its n-th call, as text. */
  sent(call: number): string {
    return JSON.stringify(this.requests[call]?.input ?? null);
  }
}

function callTool(callId: string, name: string, input: unknown): AgentOutputItem {
  return {
    type: "function_call",
    callId,
    name,
    arguments: JSON.stringify(input),
    status: "completed",
  };
}

function say(text: string): AgentOutputItem {
  return {
    type: "message",
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text }],
  };
}

function createTools() {
  const calls: { tool: string; input: unknown }[] = [];
  const bash = tool({
    name: "bash",
    description: "Runs a shell command",
    parameters: z.object({ command: z.string() }),
    execute: async (input) => {
      calls.push({ tool: "bash", input });
      return `ran ${input.command}`;
    },
  });
  const write = tool({
    name: "write",
    description: "Writes a file",
    parameters: z.object({ file_path: z.string(), content: z.string() }),
    execute: async (input) => {
      calls.push({ tool: "write", input });
      return input.content.includes("SECRET") ? "wrote SECRET" : `wrote ${input.file_path}`;
    },
  });
  return { tools: [bash, write], calls };
}

const toolNameMap = { bash: "Bash", write: "Write" };

/** An agent on a scripted model whose bash and write tools go through the engine's hooks. */
function createHookedAgent(engine: HookEngine, script: AgentOutputItem[][]) {
  const { tools, calls } = createTools();
  const model = new ScriptedModel(script);
  const agent = new Agent({
    name: "coder",
    model,
    tools: withHooks(engine, tools, { toolNameMap }),
  });
  return { agent, model, calls };
}

describe("withHooks (OpenAI Agents)", () => {
  it("denies a dangerous tool call: the tool never runs and the model sees the reason", async () => {
    const engine = await openEngine();
    const { agent, model, calls } = createHookedAgent(engine, [
      [callTool("call-1", "bash", { command: "rm -rf /" })],
      [say("I will not do that")],
    ]);
    const result = await run(agent, "Clean up everything");
    expect(calls).toEqual([]);
    expect(model.sent(1)).toContain(
      "A PreToolUse hook denied this call: rm -rf is blocked by policy (call-1)",
    );
    expect(result.finalOutput).toBe("I will not do that");
  });

  it("runs the tool with the input a hook rewrote", async () => {
    const engine = await openEngine();
    const { agent, model, calls } = createHookedAgent(engine, [
      [callTool("call-1", "bash", { command: "npm test" })],
      [say("ok")],
    ]);
    await run(agent, "Run the tests");
    expect(calls).toEqual([{ tool: "bash", input: { command: "npm test -- --run" } }]);
    expect(model.sent(1)).toContain("ran npm test -- --run");
  });

  it("rejects a rewrite with the reason when only the guardrails are attached", async () => {
    const engine = await openEngine();
    const calls: unknown[] = [];
    const guardrails = createToolGuardrails(engine, { toolNameMap });
    const bash = tool({
      name: "bash",
      description: "Runs a shell command",
      parameters: z.object({ command: z.string() }),
      execute: async (input) => {
        calls.push(input);
        return "ran";
      },
      ...guardrails,
    });
    const model = new ScriptedModel([
      [callTool("call-1", "bash", { command: "npm test" })],
      [say("ok")],
    ]);
    await run(new Agent({ name: "coder", model, tools: [bash] }), "Run the tests");
    expect(calls).toEqual([]);
    expect(model.sent(1)).toContain("which a tool guardrail cannot apply");
    expect(model.sent(1)).toContain("npm test -- --run");
  });

  it("pauses an ask on the SDK's tool approval; approved, the call runs with one PreToolUse", async () => {
    const engine = await openEngine();
    const { tools, calls } = createTools();
    const model = new ScriptedModel([
      [callTool("call-1", "write", { file_path: ".env", content: "A=1" })],
      [say("ok")],
    ]);
    const dispatched: string[] = [];
    const hooked = withHooks(engine, tools, {
      toolNameMap,
      onDispatch: (result, call) => dispatched.push(`${result.event} ${call.toolCallId}`),
    });
    const agent = new Agent({ name: "coder", model, tools: hooked });
    const paused = await run(agent, "Write .env");
    expect(calls).toEqual([]);
    expect(paused.interruptions.map((item) => [item.name, item.arguments])).toEqual([
      ["write", JSON.stringify({ file_path: ".env", content: "A=1" })],
    ]);
    const [approval] = paused.interruptions;
    if (approval === undefined) throw new Error("no approval item");
    paused.state.approve(approval);
    const resumed = await run(agent, paused.state);
    expect(calls).toEqual([{ tool: "write", input: { file_path: ".env", content: "A=1" } }]);
    expect(resumed.finalOutput).toBe("ok");
    expect(dispatched).toEqual(["PreToolUse call-1", "PostToolUse call-1"]);
  });

  it("still pauses an ask when the input guardrails run before the approval", async () => {
    const engine = await openEngine();
    const { tools, calls } = createTools();
    const model = new ScriptedModel([
      [callTool("call-1", "write", { file_path: ".env", content: "A=1" })],
      [say("ok")],
    ]);
    const dispatched: string[] = [];
    const hooked = withHooks(engine, tools, {
      toolNameMap,
      onDispatch: (result) => dispatched.push(result.event),
    });
    const agent = new Agent({ name: "coder", model, tools: hooked });
    const runner = new Runner({ toolExecution: { preApprovalInputGuardrails: true } });
    const paused = await runner.run(agent, "Write .env");
    expect(paused.interruptions).toHaveLength(1);
    const [approval] = paused.interruptions;
    if (approval === undefined) throw new Error("no approval item");
    paused.state.approve(approval);
    await runner.run(agent, paused.state);
    expect(calls).toHaveLength(1);
    expect(dispatched).toEqual(["PreToolUse", "PostToolUse"]);
  });

  it("refuses an ask the host rejects on the run state, with the host's message", async () => {
    const engine = await openEngine();
    const { tools, calls } = createTools();
    const model = new ScriptedModel([
      [callTool("call-1", "write", { file_path: ".env", content: "A=1" })],
      [say("ok")],
    ]);
    const agent = new Agent({
      name: "coder",
      model,
      tools: withHooks(engine, tools, { toolNameMap }),
    });
    const paused = await run(agent, "Write .env");
    const [approval] = paused.interruptions;
    if (approval === undefined) throw new Error("no approval item");
    paused.state.reject(approval, { message: "The user declined: .env may hold secrets" });
    await run(agent, paused.state);
    expect(calls).toEqual([]);
    expect(model.sent(1)).toContain("The user declined: .env may hold secrets");
  });

  it("rejects an ask with an approval-required message when only the guardrails are attached", async () => {
    const engine = await openEngine();
    const calls: unknown[] = [];
    const write = tool({
      name: "write",
      description: "Writes a file",
      parameters: z.object({ file_path: z.string(), content: z.string() }),
      execute: async (input) => {
        calls.push(input);
        return "wrote";
      },
      ...createToolGuardrails(engine, { toolNameMap }),
    });
    const model = new ScriptedModel([
      [callTool("call-1", "write", { file_path: ".env", content: "A=1" })],
      [say("ok")],
    ]);
    await run(new Agent({ name: "coder", model, tools: [write] }), "Write .env");
    expect(calls).toEqual([]);
    expect(model.sent(1)).toContain("Approval required: .env may hold secrets");
  });

  it("answers an ask with onAsk when the host gives one", async () => {
    const engine = await openEngine();
    const script = () => [
      [callTool("call-1", "write", { file_path: ".env", content: "A=1" })],
      [say("ok")],
    ];
    const approved = createTools();
    const asked: unknown[] = [];
    const approvedModel = new ScriptedModel(script());
    const approvingTools = withHooks(engine, approved.tools, {
      toolNameMap,
      onAsk: (request) => {
        asked.push(request);
        return true;
      },
    });
    await run(new Agent({ name: "coder", model: approvedModel, tools: approvingTools }), "Write");
    expect(asked).toEqual([
      {
        toolName: "Write",
        toolCallId: "call-1",
        input: { file_path: ".env", content: "A=1" },
        reason: ".env may hold secrets",
      },
    ]);
    expect(approved.calls).toHaveLength(1);
  });

  it("appends PostToolUse context and blocks to the output the model sees", async () => {
    const engine = await openEngine();
    const { agent, model } = createHookedAgent(engine, [
      [
        callTool("call-1", "write", { file_path: "a.ts", content: "x" }),
        callTool("call-2", "write", { file_path: "k.txt", content: "SECRET" }),
      ],
      [say("ok")],
    ]);
    await run(agent, "Write files");
    const sent = model.sent(1);
    expect(sent).toContain("wrote a.ts\\n\\nHook context: Format a.ts before committing");
    expect(sent).toContain(
      "wrote SECRET\\n\\nPostToolUse hook blocked this result: The output contained a secret",
    );
  });

  it("replaces a blocked output when the block effect is replace", async () => {
    const engine = await openEngine();
    const { tools } = createTools();
    const model = new ScriptedModel([
      [callTool("call-2", "write", { file_path: "k.txt", content: "SECRET" })],
      [say("ok")],
    ]);
    const hooked = withHooks(engine, tools, { toolNameMap, postToolUseBlock: "replace" });
    await run(new Agent({ name: "coder", model, tools: hooked }), "Write the key");
    expect(model.sent(1)).toContain("PostToolUse hook blocked this result");
    expect(model.sent(1)).not.toContain("wrote SECRET");
  });

  it("passes the tool's parameters to profiles that check a rewrite against them", async () => {
    const engine = await openEngine("vscode", "vscode-hooks.json");
    const { agent, calls } = createHookedAgent(engine, [
      [
        callTool("call-1", "bash", { command: "npm test" }),
        callTool("call-2", "bash", { command: "bad" }),
      ],
      [say("ok")],
    ]);
    await run(agent, "Run the tests");
    // The two calls run side by side, so they may finish in either order.
    expect(calls).toHaveLength(2);
    expect(calls).toEqual(
      expect.arrayContaining([
        { tool: "bash", input: { command: "npm test -- --run" } },
        { tool: "bash", input: { command: "bad" } },
      ]),
    );
  });

  it("keeps a structured output and reports the feedback in the guardrail results", async () => {
    const engine = await openEngine();
    const write = tool({
      name: "write",
      description: "Writes a file",
      parameters: z.object({ file_path: z.string(), content: z.string() }),
      outputSchema: z.object({ bytes: z.number() }),
      execute: async ({ content }) => ({ bytes: content.length }),
    });
    const model = new ScriptedModel([
      [callTool("call-1", "write", { file_path: "a.ts", content: "xyz" })],
      [say("ok")],
    ]);
    const hooked = withHooks(engine, [write], { toolNameMap });
    const result = await run(new Agent({ name: "coder", model, tools: hooked }), "Write a.ts");
    expect(model.sent(1)).toContain('{\\"bytes\\":3}');
    expect(model.sent(1)).not.toContain("Hook context");
    expect(result.toolOutputGuardrailResults.at(0)?.output).toMatchObject({
      behavior: { type: "allow" },
      outputInfo: { hook: { additionalContext: ["Format a.ts before committing"] } },
    });
  });

  it("lets tool calls run when the engine throws", async () => {
    const engine = await openEngine();
    const broken: HookEngine = { ...engine, dispatch: () => Promise.reject(new Error("boom")) };
    const errors: string[] = [];
    const { tools, calls } = createTools();
    const model = new ScriptedModel([
      [callTool("call-1", "bash", { command: "rm -rf /" })],
      [say("ok")],
    ]);
    const hooked = withHooks(broken, tools, {
      toolNameMap,
      onError: (error, event) => errors.push(`${event}: ${String(error)}`),
    });
    await run(new Agent({ name: "coder", model, tools: hooked }), "go");
    expect(calls).toHaveLength(1);
    expect(errors).toEqual(["PreToolUse: Error: boom", "PostToolUse: Error: boom"]);
  });
});

describe("runWithStopHooks (OpenAI Agents)", () => {
  it("sends the agent back once with the Stop hook's reason", async () => {
    const engine = await openEngine();
    const model = new ScriptedModel([[say("I am done")], [say("All tests pass")]]);
    const agent = new Agent({ name: "coder", model });
    const stopped = await runWithStopHooks({
      engine,
      input: "Fix the bug",
      generate: (input) => run(agent, input),
    });
    expect(stopped.continuations).toBe(1);
    expect(stopped.result.finalOutput).toBe("All tests pass");
    expect(stopped.stops.map((stop) => stop.decision)).toEqual(["block", null]);
    expect(model.sent(1)).toContain("Run the tests before stopping");
    expect(model.sent(1)).toContain("I am done");
  });
});
