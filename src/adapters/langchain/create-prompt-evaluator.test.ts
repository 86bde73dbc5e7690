import { FakeListChatModel } from "@langchain/core/utils/testing";
import {
  AIMessage,
  createAgent,
  fakeModel,
  HumanMessage,
  SystemMessage,
  ToolMessage,
  tool,
} from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { openPromptHookEngine as openSharedPromptHookEngine } from "../../../test/support/open-prompt-hook-engine.js";
import type { HookEngine } from "../../engine/engine.js";
import { promptHookInstruction } from "../shared/create-model-prompt-evaluator.js";
import { createHooksMiddleware, createPromptEvaluator } from "./index.js";

const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

function request(prompt: string, signal = new AbortController().signal) {
  return { prompt, model: null, input: {}, event: "PreToolUse", signal };
}

/** A Claude Code `prompt` hook engine without `evaluatePrompt`, closed after the test. */
async function openPromptHookEngine(hooks: Record<string, unknown> = {}) {
  const engine = await openSharedPromptHookEngine("langchain-prompt", hooks);
  engines.push(engine);
  // The engine says it has no model of its own; a dispatch must lend one.
  expect(engine.diagnostics.map((diagnostic) => diagnostic.code)).toContain(
    "unsupported_handler_type",
  );
  return engine;
}

function createAgentWithHooks(
  engine: HookEngine,
  model: ReturnType<typeof fakeModel>,
  options: Parameters<typeof createHooksMiddleware>[1] = {},
) {
  const ran: string[] = [];
  const execute = tool(
    async ({ command }) => {
      ran.push(command);
      return `ran ${command}`;
    },
    {
      name: "execute",
      description: "Run a shell command",
      schema: z.object({ command: z.string() }),
    },
  );
  const agent = createAgent({
    model,
    tools: [execute],
    middleware: [createHooksMiddleware(engine, options)],
  });
  return { agent, ran };
}

describe("createPromptEvaluator (LangChain)", () => {
  it("sends the instruction as a system message, then the prompt, with the hook's signal", async () => {
    const model = fakeModel().respond(new AIMessage('{"ok": true, "reason": "fine"}'));
    const controller = new AbortController();

    const reply = await createPromptEvaluator(model)(request("Is ls safe?", controller.signal));

    expect(reply).toBe('{"ok": true, "reason": "fine"}');
    const [call] = model.calls;
    expect(call?.messages.map((message) => [message.type, message.text])).toEqual([
      ["system", promptHookInstruction],
      ["human", "Is ls safe?"],
    ]);
    expect(SystemMessage.isInstance(call?.messages[0])).toBe(true);
    expect(HumanMessage.isInstance(call?.messages[1])).toBe(true);
    expect(call?.options?.signal).toBe(controller.signal);
  });

  it("returns the reply without the code fence a model added", async () => {
    const model = new FakeListChatModel({
      responses: ['```json\n{"ok": false, "reason": "no"}\n```'],
    });
    await expect(createPromptEvaluator(model)(request("Is rm safe?"))).resolves.toBe(
      '{"ok": false, "reason": "no"}',
    );
  });

  it("rejects when the hook's signal aborts", async () => {
    const model = new FakeListChatModel({ responses: ['{"ok": true}'], sleep: 10_000 });
    const controller = new AbortController();
    const pending = createPromptEvaluator(model)(request("Is ls safe?", controller.signal));
    controller.abort(new Error("hook timed out"));
    await expect(pending).rejects.toThrow();
  });

  it("rejects for a model name initChatModel cannot load, on every hook", async () => {
    const evaluate = createPromptEvaluator("no-such-provider:judge");
    await expect(evaluate(request("Is ls safe?"))).rejects.toThrow(/no-such-provider/);
    await expect(evaluate(request("Is ls safe?"))).rejects.toThrow(/no-such-provider/);
  });

  it("answers with the model resolveModel picks for the hook's model name", async () => {
    const agentModel = new FakeListChatModel({ responses: ['{"ok": true, "reason": "agent"}'] });
    const small = new FakeListChatModel({ responses: ['{"ok": true, "reason": "small"}'] });
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

describe("prompt hooks in a createAgent agent, answered by the agent's own model by default", () => {
  it("denies the tool call with the model's reason when it answers ok: false", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { command: "rm -rf build" }, id: "call-1" }])
      .respond(new AIMessage('{"ok": false, "reason": "no"}'))
      .respond(new AIMessage("The build folder stays."));
    const engine = await openPromptHookEngine();
    const { agent, ran } = createAgentWithHooks(engine, model);

    const state = await agent.invoke({ messages: [new HumanMessage("Clean the build folder")] });

    expect(ran).toEqual([]);
    const denied = state.messages.find((message) => ToolMessage.isInstance(message));
    expect(denied?.text).toBe("Denied by a PreToolUse hook: no");
    // The hook's question went to the same model, between the agent's two turns.
    const hookCall = model.calls[1];
    expect(hookCall?.messages[0]?.text).toBe(promptHookInstruction);
    expect(hookCall?.messages[1]?.text).toContain('"command":"rm -rf build"');
    expect(model.calls[2]?.messages.at(-1)?.text).toContain("no");
  });

  it("runs the tool when the model answers ok: true", async () => {
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { command: "ls" }, id: "call-1" }])
      .respond(new AIMessage('```json\n{"ok": true}\n```'))
      .respond(new AIMessage("Listed."));
    const engine = await openPromptHookEngine();
    const { agent, ran } = createAgentWithHooks(engine, model);

    const state = await agent.invoke({ messages: [new HumanMessage("List the files")] });

    expect(ran).toEqual(["ls"]);
    expect(model.calls[1]?.messages[0]?.text).toBe(promptHookInstruction);
    expect(state.messages.at(-1)?.text).toBe("Listed.");
  });

  it("answers a first-turn UserPromptSubmit prompt hook with the model option, before any model call", async () => {
    const model = fakeModel()
      .respond(new AIMessage('{"ok": false, "reason": "no deploys today"}'))
      .respond(new AIMessage("unreachable"));
    const engine = await openPromptHookEngine({
      UserPromptSubmit: [{ hooks: [{ type: "prompt", prompt: "Allowed? $ARGUMENTS" }] }],
    });
    const { agent } = createAgentWithHooks(engine, model, { model });

    const state = await agent.invoke({ messages: [new HumanMessage("Deploy to production")] });

    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.messages[1]?.text).toContain("Deploy to production");
    expect(state.messages.at(-1)?.text).toContain("no deploys today");
  });

  it("skips that hook, visibly, without the model option: the agent's model is not known yet", async () => {
    const model = fakeModel().respond(new AIMessage("Deployed."));
    const engine = await openPromptHookEngine({
      UserPromptSubmit: [{ hooks: [{ type: "prompt", prompt: "Allowed? $ARGUMENTS" }] }],
    });
    const dispatched: string[] = [];
    const { agent } = createAgentWithHooks(engine, model, {
      onDispatch: ({ event, result }) => {
        for (const diagnostic of result.diagnostics) dispatched.push(`${event} ${diagnostic.code}`);
      },
    });

    const state = await agent.invoke({ messages: [new HumanMessage("Deploy to production")] });

    expect(dispatched).toContain("UserPromptSubmit unsupported_handler_type");
    expect(state.messages.at(-1)?.text).toBe("Deployed.");
  });
});
