import { generateText, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { openPromptHookEngine as openSharedPromptHookEngine } from "../../../test/support/open-prompt-hook-engine.js";
import type { HookEngine } from "../../engine/engine.js";
import { promptHookInstruction } from "../shared/create-model-prompt-evaluator.js";
import { createPromptEvaluator, createSessionHooks, runWithHooks, withHooks } from "./index.js";

const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function say(text: string) {
  return {
    content: [{ type: "text" as const, text }],
    finishReason: { unified: "stop" as const, raw: undefined },
    usage,
    warnings: [],
  };
}

function callTool(toolCallId: string, toolName: string, input: unknown) {
  return {
    content: [{ type: "tool-call" as const, toolCallId, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: "tool-calls" as const, raw: undefined },
    usage,
    warnings: [],
  };
}

function request(prompt: string, signal = new AbortController().signal) {
  return { prompt, model: null, input: {}, event: "PreToolUse", signal };
}

/** A Claude Code `prompt` hook engine without `evaluatePrompt`, closed after the test. */
async function openPromptHookEngine(hooks: Record<string, unknown> = {}) {
  const engine = await openSharedPromptHookEngine("ai-sdk-prompt", hooks);
  engines.push(engine);
  return engine;
}

function createBashTool() {
  const ran: string[] = [];
  const bash = tool({
    description: "Runs a shell command",
    inputSchema: z.object({ command: z.string() }),
    execute: async ({ command }) => {
      ran.push(command);
      return `ran ${command}`;
    },
  });
  return { tools: { bash }, ran };
}

describe("createPromptEvaluator (Vercel AI SDK)", () => {
  it("sends the instruction as the system message, then the prompt", async () => {
    const model = new MockLanguageModelV3({ doGenerate: say('{"ok": true, "reason": "fine"}') });

    const reply = await createPromptEvaluator(model)(request("Is ls safe?"));

    expect(reply).toBe('{"ok": true, "reason": "fine"}');
    expect(model.doGenerateCalls[0]?.prompt).toEqual([
      { role: "system", content: promptHookInstruction },
      { role: "user", content: [{ type: "text", text: "Is ls safe?" }] },
    ]);
  });

  it("returns the reply without the code fence a model added", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: say('```json\n{"ok": false, "reason": "no"}\n```'),
    });
    await expect(createPromptEvaluator(model)(request("Is rm safe?"))).resolves.toBe(
      '{"ok": false, "reason": "no"}',
    );
  });

  it("passes the hook's signal to the model and rejects when it aborts", async () => {
    let seen: AbortSignal | undefined;
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        seen = options.abortSignal;
        return new Promise(() => {});
      },
    });
    const controller = new AbortController();
    const pending = createPromptEvaluator(model)(request("Is ls safe?", controller.signal));
    await expect.poll(() => seen).toBeDefined();
    controller.abort(new Error("hook timed out"));
    await expect(pending).rejects.toThrow("hook timed out");
    expect(seen?.aborted).toBe(true);
  });

  it("answers with the model resolveModel picks for the hook's model name", async () => {
    const agentModel = new MockLanguageModelV3({
      doGenerate: say('{"ok": true, "reason": "agent"}'),
    });
    const small = new MockLanguageModelV3({ doGenerate: say('{"ok": true, "reason": "small"}') });
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

describe("prompt hooks around AI SDK tools, answered by the generation's model (the model option)", () => {
  it("denies the tool call with the model's reason when it answers ok: false", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        callTool("call-1", "bash", { command: "rm -rf build" }),
        say('{"ok": false, "reason": "no"}'),
        say("The build folder stays."),
      ],
    });
    const engine = await openPromptHookEngine();
    const { tools, ran } = createBashTool();

    const result = await generateText({
      model,
      tools: withHooks(engine, tools, { toolNameMap: { bash: "Bash" }, model }),
      stopWhen: stepCountIs(5),
      prompt: "Clean the build folder",
    });

    expect(ran).toEqual([]);
    expect(result.steps[0]?.toolResults[0]?.output).toEqual({
      hook: { event: "PreToolUse", decision: "deny", reason: "no" },
    });
    const hookCall = JSON.stringify(model.doGenerateCalls[1]?.prompt);
    expect(hookCall).toContain("You evaluate a hook condition");
    expect(hookCall).toContain("rm -rf build");
    expect(result.text).toBe("The build folder stays.");
  });

  it("runs the tool when the model answers ok: true", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        callTool("call-1", "bash", { command: "ls" }),
        say('{"ok": true}'),
        say("Listed."),
      ],
    });
    const engine = await openPromptHookEngine();
    const { tools, ran } = createBashTool();

    const result = await generateText({
      model,
      tools: withHooks(engine, tools, { toolNameMap: { bash: "Bash" }, model }),
      stopWhen: stepCountIs(5),
      prompt: "List the files",
    });

    expect(ran).toEqual(["ls"]);
    expect(JSON.stringify(model.doGenerateCalls[1]?.prompt)).toContain(
      "You evaluate a hook condition",
    );
    expect(result.text).toBe("Listed.");
  });

  it("runs the tool, skipping the hook with a diagnostic, when withHooks has no model", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [callTool("call-1", "bash", { command: "ls" }), say("Listed.")],
    });
    const engine = await openPromptHookEngine();
    const { tools, ran } = createBashTool();
    const diagnostics: string[] = [];

    await generateText({
      model,
      tools: withHooks(engine, tools, {
        toolNameMap: { bash: "Bash" },
        onDispatch: (result) => diagnostics.push(...result.diagnostics.map((item) => item.code)),
      }),
      stopWhen: stepCountIs(5),
      prompt: "List the files",
    });

    expect(ran).toEqual(["ls"]);
    expect(diagnostics).toEqual(["unsupported_handler_type"]);
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it("keeps the turn going when a Stop prompt hook answers ok: false, in a session given the model", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: [
        say("Done, I think."),
        say('{"ok": false, "reason": "the tests were not run"}'),
        say("Ran the tests: all pass."),
        say('{"ok": true}'),
      ],
    });
    const engine = await openPromptHookEngine({
      Stop: [{ hooks: [{ type: "prompt", prompt: "Is the work finished? $ARGUMENTS" }] }],
    });
    const session = createSessionHooks(engine, { model });

    const turn = await runWithHooks({
      session,
      messages: [{ role: "user", content: "Fix the failing test" }],
      generate: (messages) => generateText({ model, messages }),
    });

    expect(turn.status).toBe("completed");
    if (turn.status !== "completed") return;
    expect(turn.continuations).toBe(1);
    expect(turn.result.text).toBe("Ran the tests: all pass.");
    expect(JSON.stringify(model.doGenerateCalls[2]?.prompt)).toContain("the tests were not run");
  });
});
