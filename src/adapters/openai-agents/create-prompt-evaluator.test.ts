import {
  Agent,
  type AgentOutputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  run,
  setTracingDisabled,
  tool,
  Usage,
} from "@openai/agents";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openPromptHookEngine as openSharedPromptHookEngine } from "../../../test/support/open-prompt-hook-engine.js";
import type { HookEngine } from "../../engine/engine.js";
import { promptHookInstruction } from "../shared/create-model-prompt-evaluator.js";
import {
  createPromptEvaluator,
  createSessionHooks,
  createToolGuardrails,
  type HookGuardrails,
  runWithHooks,
  withHooks,
} from "./index.js";

const engines: HookEngine[] = [];

beforeAll(() => setTracingDisabled(true));

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

/** A model that answers from a script (or waits for its signal) and records what it was sent. */
class ScriptedModel implements Model {
  readonly requests: ModelRequest[] = [];
  constructor(private readonly script: (AgentOutputItem[] | "wait")[]) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const output = this.script[this.requests.length - 1] ?? [say("(script ended)")];
    if (output === "wait") {
      return new Promise((_resolve, reject) => {
        request.signal?.addEventListener("abort", () => reject(request.signal?.reason));
      });
    }
    return { usage: new Usage(), output };
  }
  // biome-ignore lint/correctness/useYield: this model never streams.
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("The scripted model does not stream");
  }
}

function say(text: string): AgentOutputItem {
  return {
    type: "message",
    role: "assistant",
    status: "completed",
    content: [{ type: "output_text", text }],
  };
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

function request(prompt: string, signal = new AbortController().signal) {
  return { prompt, model: null, input: {}, event: "PreToolUse", signal };
}

/** A Claude Code `prompt` hook engine without `evaluatePrompt`, closed after the test. */
async function openPromptHookEngine(hooks: Record<string, unknown> = {}) {
  const engine = await openSharedPromptHookEngine("openai-agents-prompt", hooks);
  engines.push(engine);
  return engine;
}

function createBashTool(ran: string[], guardrails: Partial<HookGuardrails> = {}) {
  return tool({
    name: "bash",
    description: "Runs a shell command",
    parameters: z.object({ command: z.string() }),
    execute: async ({ command }) => {
      ran.push(command);
      return `ran ${command}`;
    },
    ...guardrails,
  });
}

function createHookedAgent(engine: HookEngine, model: Model) {
  const ran: string[] = [];
  // withHooks asks needsApproval before any guardrail, so it is told the model.
  const tools = withHooks(engine, [createBashTool(ran)], { toolNameMap: { bash: "Bash" }, model });
  return { agent: new Agent({ name: "coder", model, tools }), ran };
}

describe("createPromptEvaluator (OpenAI Agents)", () => {
  it("runs one turn with the instruction as system instructions and the prompt as input", async () => {
    const model = new ScriptedModel([[say('{"ok": true, "reason": "fine"}')]]);

    const reply = await createPromptEvaluator(model)(request("Is ls safe?"));

    expect(reply).toBe('{"ok": true, "reason": "fine"}');
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.systemInstructions).toBe(promptHookInstruction);
    expect(JSON.stringify(model.requests[0]?.input)).toContain("Is ls safe?");
    expect(model.requests[0]?.tools).toEqual([]);
  });

  it("returns the reply without the code fence a model added", async () => {
    const model = new ScriptedModel([[say('```json\n{"ok": false, "reason": "no"}\n```')]]);
    await expect(createPromptEvaluator(model)(request("Is rm safe?"))).resolves.toBe(
      '{"ok": false, "reason": "no"}',
    );
  });

  it("passes the hook's signal to the model and rejects when it aborts", async () => {
    const model = new ScriptedModel(["wait"]);
    const controller = new AbortController();
    const pending = createPromptEvaluator(model)(request("Is ls safe?", controller.signal));
    await expect.poll(() => model.requests.length).toBe(1);
    controller.abort(new Error("hook timed out"));
    await expect(pending).rejects.toThrow();
    expect(model.requests[0]?.signal?.aborted).toBe(true);
  });

  it("answers with the model resolveModel picks for the hook's model name", async () => {
    const agentModel = new ScriptedModel([[say('{"ok": true, "reason": "agent"}')]]);
    const small = new ScriptedModel([[say('{"ok": true, "reason": "small"}')]]);
    const evaluate = createPromptEvaluator(agentModel, {
      resolveModel: (name) => (name === "haiku" ? small : undefined),
    });
    await expect(evaluate({ ...request("Is ls safe?"), model: "haiku" })).resolves.toContain(
      "small",
    );
    await expect(evaluate({ ...request("Is ls safe?"), model: "opus" })).resolves.toContain(
      "agent",
    );
  });
});

describe("prompt hooks on OpenAI Agents tools, answered by the agent's own model by default", () => {
  it("denies the tool call with the model's reason when it answers ok: false", async () => {
    const model = new ScriptedModel([
      [callTool("call-1", "bash", { command: "rm -rf build" })],
      [say('{"ok": false, "reason": "no"}')],
      [say("The build folder stays.")],
    ]);
    const engine = await openPromptHookEngine();
    const { agent, ran } = createHookedAgent(engine, model);

    const result = await run(agent, "Clean the build folder");

    expect(ran).toEqual([]);
    expect(model.requests[1]?.systemInstructions).toBe(promptHookInstruction);
    expect(JSON.stringify(model.requests[1]?.input)).toContain("rm -rf build");
    expect(JSON.stringify(model.requests[2]?.input)).toContain(
      "A PreToolUse hook denied this call: no",
    );
    expect(result.finalOutput).toBe("The build folder stays.");
  });

  it("runs the tool when the model answers ok: true", async () => {
    const model = new ScriptedModel([
      [callTool("call-1", "bash", { command: "ls" })],
      [say('{"ok": true}')],
      [say("Listed.")],
    ]);
    const engine = await openPromptHookEngine();
    const { agent, ran } = createHookedAgent(engine, model);

    const result = await run(agent, "List the files");

    expect(ran).toEqual(["ls"]);
    expect(model.requests[1]?.systemInstructions).toBe(promptHookInstruction);
    expect(result.finalOutput).toBe("Listed.");
  });

  it("learns the agent's model in tool guardrails, without a model option", async () => {
    const model = new ScriptedModel([
      [callTool("call-1", "bash", { command: "rm -rf build" })],
      [say('{"ok": false, "reason": "no"}')],
      [say("The build folder stays.")],
    ]);
    const engine = await openPromptHookEngine();
    const ran: string[] = [];
    const guardrails = createToolGuardrails(engine, { toolNameMap: { bash: "Bash" } });
    const agent = new Agent({ name: "coder", model, tools: [createBashTool(ran, guardrails)] });

    const result = await run(agent, "Clean the build folder");

    expect(ran).toEqual([]);
    expect(model.requests[1]?.systemInstructions).toBe(promptHookInstruction);
    expect(result.finalOutput).toBe("The build folder stays.");
  });

  it("keeps the turn going when a Stop prompt hook answers ok: false, in a session given the model", async () => {
    const model = new ScriptedModel([
      [say("Done, I think.")],
      [say('{"ok": false, "reason": "the tests were not run"}')],
      [say("Ran the tests: all pass.")],
      [say('{"ok": true}')],
    ]);
    const engine = await openPromptHookEngine({
      Stop: [{ hooks: [{ type: "prompt", prompt: "Is the work finished? $ARGUMENTS" }] }],
    });
    const agent = new Agent({ name: "coder", model });
    const session = createSessionHooks(engine, { model });

    const turn = await runWithHooks({
      session,
      input: "Fix the failing test",
      generate: (input) => run(agent, input),
    });

    expect(turn.status).toBe("completed");
    if (turn.status !== "completed") return;
    expect(turn.continuations).toBe(1);
    expect(turn.result.finalOutput).toBe("Ran the tests: all pass.");
    expect(JSON.stringify(model.requests[2]?.input)).toContain("the tests were not run");
  });
});
