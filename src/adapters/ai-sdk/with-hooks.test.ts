import os from "node:os";
import path from "node:path";
import { generateText, type ModelMessage, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { DispatchResult } from "../../decide/dispatch-result.js";
import { createHookEngine, type HookEngine } from "../../engine/engine.js";
import { claudeProfile } from "../../profiles/claude.js";
import type { Profile } from "../../profiles/profile.js";
import { vscodeProfile } from "../../profiles/vscode.js";
import { isHookToolResult, runWithStopHooks, withHooks } from "./index.js";

const fixtures = path.resolve("test/fixtures/adapters/shared");
const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

async function openEngine(settings = "settings.json", profile: Profile = claudeProfile) {
  const engine = await createHookEngine({
    profile,
    cwd: fixtures,
    home: os.tmpdir(),
    configFiles: [path.join(fixtures, settings)],
  });
  engines.push(engine);
  return engine;
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function callTool(toolCallId: string, toolName: string, input: unknown) {
  return {
    content: [{ type: "tool-call" as const, toolCallId, toolName, input: JSON.stringify(input) }],
    finishReason: { unified: "tool-calls" as const, raw: undefined },
    usage,
    warnings: [],
  };
}

function say(text: string) {
  return {
    content: [{ type: "text" as const, text }],
    finishReason: { unified: "stop" as const, raw: undefined },
    usage,
    warnings: [],
  };
}

function createTools() {
  const calls: { tool: string; input: unknown }[] = [];
  const tools = {
    bash: tool({
      description: "Runs a shell command",
      inputSchema: z.object({ command: z.string() }),
      execute: async (input) => {
        calls.push({ tool: "bash", input });
        return `ran ${input.command}`;
      },
    }),
    write: tool({
      description: "Writes a file",
      inputSchema: z.object({ file_path: z.string(), content: z.string() }),
      execute: async (input) => {
        calls.push({ tool: "write", input });
        return input.content.includes("SECRET") ? "wrote SECRET" : `wrote ${input.file_path}`;
      },
    }),
  };
  return { tools, calls };
}

const toolNameMap = { bash: "Bash", write: "Write" };

// What the model was sent on its n-th call, as text.
function promptOf(model: MockLanguageModelV3, call: number): string {
  return JSON.stringify(model.doGenerateCalls[call]?.prompt ?? null);
}

describe("withHooks (Vercel AI SDK)", () => {
  it("denies a dangerous tool call: execute never runs and the model sees the reason", async () => {
    const engine = await openEngine();
    const { tools, calls } = createTools();
    const model = new MockLanguageModelV3({
      doGenerate: [callTool("call-1", "bash", { command: "rm -rf /" }), say("I will not do that")],
    });
    const result = await generateText({
      model,
      tools: withHooks(engine, tools, { toolNameMap }),
      stopWhen: stepCountIs(5),
      prompt: "Clean up everything",
    });
    expect(calls).toEqual([]);
    const output = result.steps[0]?.toolResults[0]?.output;
    expect(isHookToolResult(output)).toBe(true);
    expect(output).toEqual({
      hook: {
        event: "PreToolUse",
        decision: "deny",
        reason: "rm -rf is blocked by policy (call-1)",
      },
    });
    expect(promptOf(model, 1)).toContain("rm -rf is blocked by policy (call-1)");
    expect(result.text).toBe("I will not do that");
  });

  it("runs execute with the input a hook rewrote", async () => {
    const engine = await openEngine();
    const { tools, calls } = createTools();
    const model = new MockLanguageModelV3({
      doGenerate: [callTool("call-1", "bash", { command: "npm test" }), say("done")],
    });
    const result = await generateText({
      model,
      tools: withHooks(engine, tools, { toolNameMap }),
      stopWhen: stepCountIs(5),
      prompt: "Run the tests",
    });
    expect(calls).toEqual([{ tool: "bash", input: { command: "npm test -- --run" } }]);
    expect(result.steps[0]?.toolResults[0]?.output).toBe("ran npm test -- --run");
  });

  it("turns ask into the SDK's approval flow, with one PreToolUse dispatch per call", async () => {
    const engine = await openEngine();
    const { tools, calls } = createTools();
    const dispatched: DispatchResult[] = [];
    const hooked = withHooks(engine, tools, {
      toolNameMap,
      onDispatch: (result) => dispatched.push(result),
    });
    const model = new MockLanguageModelV3({
      doGenerate: [callTool("call-1", "write", { file_path: ".env", content: "A=1" }), say("ok")],
    });
    const messages: ModelMessage[] = [{ role: "user", content: "Write the .env file" }];
    const first = await generateText({ model, tools: hooked, messages, stopWhen: stepCountIs(5) });
    const request = first.content.find((part) => part.type === "tool-approval-request");
    expect(request?.toolCall.toolName).toBe("write");
    expect(calls).toEqual([]);
    expect(model.doGenerateCalls).toHaveLength(1);

    messages.push(...first.response.messages, {
      role: "tool",
      content: [
        { type: "tool-approval-response", approvalId: request?.approvalId ?? "", approved: true },
      ],
    });
    const second = await generateText({ model, tools: hooked, messages, stopWhen: stepCountIs(5) });
    expect(calls).toEqual([{ tool: "write", input: { file_path: ".env", content: "A=1" } }]);
    expect(second.text).toBe("ok");
    expect(dispatched.map((result) => [result.event, result.decision])).toEqual([
      ["PreToolUse", "ask"],
      ["PostToolUse", null],
    ]);
  });

  it("returns PostToolUse context beside the result, and the model sees it", async () => {
    const engine = await openEngine();
    const { tools } = createTools();
    const model = new MockLanguageModelV3({
      doGenerate: [callTool("call-1", "write", { file_path: "a.ts", content: "x" }), say("ok")],
    });
    const result = await generateText({
      model,
      tools: withHooks(engine, tools, { toolNameMap }),
      stopWhen: stepCountIs(5),
      prompt: "Write a.ts",
    });
    expect(result.steps[0]?.toolResults[0]?.output).toEqual({
      output: "wrote a.ts",
      hook: {
        event: "PostToolUse",
        decision: null,
        reason: null,
        additionalContext: ["Format a.ts before committing"],
      },
    });
    expect(promptOf(model, 1)).toContain("Format a.ts before committing");
  });

  it("keeps or replaces a blocked result by the block effect", async () => {
    const engine = await openEngine();
    const run = async (postToolUseBlock: "append" | "replace") => {
      const { tools } = createTools();
      const model = new MockLanguageModelV3({
        doGenerate: [callTool("c", "write", { file_path: "k.txt", content: "SECRET" }), say("ok")],
      });
      const result = await generateText({
        model,
        tools: withHooks(engine, tools, { toolNameMap, postToolUseBlock }),
        stopWhen: stepCountIs(5),
        prompt: "Write the key",
      });
      return { output: result.steps[0]?.toolResults[0]?.output, prompt: promptOf(model, 1) };
    };
    const appended = await run("append");
    expect(appended.output).toMatchObject({
      output: "wrote SECRET",
      hook: { decision: "block", reason: "The output contained a secret" },
    });
    const replaced = await run("replace");
    expect(replaced.output).not.toHaveProperty("output");
    expect(replaced.output).toMatchObject({ hook: { reason: "The output contained a secret" } });
    expect(replaced.prompt).not.toContain("wrote SECRET");
  });

  it("passes the tool's JSON Schema to profiles that check a rewrite against it", async () => {
    const engine = await openEngine("vscode-hooks.json", vscodeProfile);
    const { tools, calls } = createTools();
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          ...callTool("call-1", "bash", { command: "npm test" }),
          content: [
            ...callTool("call-1", "bash", { command: "npm test" }).content,
            ...callTool("call-2", "bash", { command: "bad" }).content,
          ],
        },
        say("done"),
      ],
    });
    await generateText({
      model,
      tools: withHooks(engine, tools, { toolNameMap }),
      stopWhen: stepCountIs(5),
      prompt: "Run the tests",
    });
    // The two calls run side by side, so they may finish in either order.
    expect(calls).toHaveLength(2);
    expect(calls).toEqual(
      expect.arrayContaining([
        { tool: "bash", input: { command: "npm test -- --run" } },
        { tool: "bash", input: { command: "bad" } },
      ]),
    );
  });

  it("sends hook results past a tool's own toModelOutput as JSON", async () => {
    const engine = await openEngine();
    const bash = tool({
      description: "Runs a shell command",
      inputSchema: z.object({ command: z.string() }),
      execute: async ({ command }) => ({ exitCode: 0, command }),
      toModelOutput: ({ output }) => ({ type: "text", value: `exit ${output.exitCode}` }),
    });
    const model = new MockLanguageModelV3({
      doGenerate: [
        {
          ...callTool("call-1", "bash", { command: "rm -rf /" }),
          content: [
            ...callTool("call-1", "bash", { command: "rm -rf /" }).content,
            ...callTool("call-2", "bash", { command: "ls" }).content,
          ],
        },
        say("done"),
      ],
    });
    await generateText({
      model,
      tools: withHooks(engine, { bash }, { toolNameMap }),
      stopWhen: stepCountIs(5),
      prompt: "go",
    });
    const toolMessage = model.doGenerateCalls[1]?.prompt.find((message) => message.role === "tool");
    const outputs = toolMessage?.content.map((part) =>
      part.type === "tool-result" ? part.output : null,
    );
    expect(outputs).toEqual([
      {
        type: "json",
        value: {
          hook: {
            event: "PreToolUse",
            decision: "deny",
            reason: "rm -rf is blocked by policy (call-1)",
          },
        },
      },
      { type: "text", value: "exit 0" },
    ]);
  });

  it("leaves tool calls running when the engine throws", async () => {
    const engine = await openEngine();
    const errors: string[] = [];
    const broken: HookEngine = {
      ...engine,
      dispatch: () => Promise.reject(new Error("engine exploded")),
    };
    const { tools, calls } = createTools();
    const model = new MockLanguageModelV3({
      doGenerate: [callTool("call-1", "bash", { command: "rm -rf /" }), say("done")],
    });
    await generateText({
      model,
      tools: withHooks(broken, tools, {
        toolNameMap,
        onError: (error, event) => errors.push(`${event}: ${String(error)}`),
      }),
      stopWhen: stepCountIs(5),
      prompt: "go",
    });
    expect(calls).toHaveLength(1);
    expect(errors).toEqual([
      "PreToolUse: Error: engine exploded",
      "PostToolUse: Error: engine exploded",
    ]);
  });
});

describe("runWithStopHooks (Vercel AI SDK)", () => {
  it("sends the agent back once with the Stop hook's reason", async () => {
    const engine = await openEngine();
    const model = new MockLanguageModelV3({
      doGenerate: [say("I am done"), say("All tests pass")],
    });
    const run = await runWithStopHooks({
      engine,
      messages: [{ role: "user", content: "Fix the bug" }],
      generate: (messages) => generateText({ model, messages }),
    });
    expect(run.continuations).toBe(1);
    expect(run.result.text).toBe("All tests pass");
    expect(run.stops.map((stop) => stop.decision)).toEqual(["block", null]);
    expect(run.messages.at(2)).toEqual({ role: "user", content: "Run the tests before stopping" });
    expect(promptOf(model, 1)).toContain("Run the tests before stopping");
  });

  it("returns without a Stop dispatch while a tool approval is pending", async () => {
    const engine = await openEngine();
    const { tools } = createTools();
    const model = new MockLanguageModelV3({
      doGenerate: [callTool("call-1", "write", { file_path: ".env", content: "A=1" })],
    });
    const run = await runWithStopHooks({
      engine,
      messages: [{ role: "user", content: "Write .env" }],
      generate: (messages) =>
        generateText({ model, messages, tools: withHooks(engine, tools, { toolNameMap }) }),
    });
    expect(run.stops).toEqual([]);
    expect(run.result.content.some((part) => part.type === "tool-approval-request")).toBe(true);
  });

  it("ends the turn at the engine's continuation cap", async () => {
    const engine = await openEngine("settings-stop-always.json", {
      ...claudeProfile,
      continuationCap: 1,
    });
    const model = new MockLanguageModelV3({ doGenerate: [say("one"), say("two"), say("three")] });
    const run = await runWithStopHooks({
      engine,
      messages: [{ role: "user", content: "Work" }],
      generate: (messages) => generateText({ model, messages }),
    });
    expect(run.continuations).toBe(1);
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(run.stops.at(-1)?.diagnostics.map((diagnostic) => diagnostic.code)).toContain(
      "continuation_cap",
    );
  });

  it("ends the turn at maxContinuations when the profile has no cap", async () => {
    const engine = await openEngine("settings-stop-always.json");
    const model = new MockLanguageModelV3({ doGenerate: [say("a"), say("b"), say("c"), say("d")] });
    const run = await runWithStopHooks({
      engine,
      messages: [{ role: "user", content: "Work" }],
      generate: (messages) => generateText({ model, messages }),
      maxContinuations: 2,
    });
    expect(run.continuations).toBe(2);
    expect(model.doGenerateCalls).toHaveLength(3);
  });
});
