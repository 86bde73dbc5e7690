import { readFileSync } from "node:fs";
import path from "node:path";
import { generateText, type ModelMessage, stepCountIs, tool } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../../test/support/create-test-workspace.js";
import { createHookEngine, type HookEngine } from "../../engine/engine.js";
import { createSessionHooks, runWithHooks, withHooks } from "./index.js";

const script = path.resolve("test/fixtures/adapters/session/session-hooks.mjs");
const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const lifecycleEvents = [
  "SessionStart",
  "UserPromptSubmit",
  "PostToolUse",
  "PostToolUseFailure",
  "Notification",
  "SessionEnd",
];

async function openEngine(workspace: TestWorkspace) {
  const handler = { type: "command", command: `node ${JSON.stringify(script)}` };
  const hooks = Object.fromEntries(lifecycleEvents.map((event) => [event, [{ hooks: [handler] }]]));
  const settings = workspace.writeJson("settings.json", { hooks });
  const engine = await createHookEngine({
    profile: "claude",
    cwd: workspace.project,
    home: workspace.home,
    configFiles: [settings],
  });
  engines.push(engine);
  return engine;
}

/** The payloads the hooks logged, in order. */
function readLog(workspace: TestWorkspace): Record<string, unknown>[] {
  const text = readFileSync(path.join(workspace.project, "events.log"), "utf8");
  return text
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

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

function createModel(replies: ReturnType<typeof say | typeof callTool>[]) {
  return new MockLanguageModelV3({ doGenerate: replies });
}

describe("runWithHooks (AI SDK)", () => {
  it("starts the session once, with its context as the system prompt, and adds prompt context", async () => {
    const workspace = createTestWorkspace("ai-sdk-session");
    const engine = await openEngine(workspace);
    const session = createSessionHooks(engine, { payload: { session_id: "s-1" } });
    const model = createModel([say("Hello"), say("Done")]);
    const generate = (messages: ModelMessage[], { system }: { system: string | undefined }) =>
      generateText({ model, messages, ...(system !== undefined && { system }) });

    const first = await runWithHooks({
      session,
      messages: [{ role: "user", content: "Hi" }],
      generate,
    });
    expect(first.status).toBe("completed");
    const second = await runWithHooks({
      session,
      messages: [...first.messages, { role: "user", content: "Fix it" }],
      generate,
    });
    expect(second.status).toBe("completed");

    const prompts = model.doGenerateCalls.map((call) => call.prompt);
    for (const prompt of prompts) {
      expect(prompt[0]).toEqual({
        role: "system",
        content: "SessionStart hook additional context:\nProject rules: use pnpm (startup)",
      });
    }
    expect(JSON.stringify(prompts[1])).toContain(
      "UserPromptSubmit hook additional context:\\nPrompt length: 6",
    );
    const events = readLog(workspace).map((payload) => [payload.hook_event_name, payload.prompt]);
    expect(events).toEqual([
      ["SessionStart", undefined],
      ["UserPromptSubmit", "Hi"],
      ["UserPromptSubmit", "Fix it"],
    ]);
    expect(readLog(workspace)[0]).toMatchObject({ session_id: "s-1", source: "startup" });
  });

  it("erases a blocked prompt and refuses the turn without calling the model", async () => {
    const workspace = createTestWorkspace("ai-sdk-session");
    const engine = await openEngine(workspace);
    const model = createModel([say("never")]);
    const turn = await runWithHooks({
      session: createSessionHooks(engine),
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello" },
        { role: "user", content: [{ type: "text", text: "my password is hunter2" }] },
      ],
      generate: (messages) => generateText({ model, messages }),
    });
    expect(turn).toEqual({
      status: "refused",
      message: "Prompt blocked by a UserPromptSubmit hook: Prompts must not hold passwords",
      messages: [
        { role: "user", content: "Hi" },
        { role: "assistant", content: "Hello" },
      ],
      result: null,
    });
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it("refuses the turn when a hook says continue: false", async () => {
    const workspace = createTestWorkspace("ai-sdk-session");
    const engine = await openEngine(workspace);
    const model = createModel([say("never")]);
    const turn = await runWithHooks({
      session: createSessionHooks(engine),
      messages: [{ role: "user", content: "pause here" }],
      generate: (messages) => generateText({ model, messages }),
    });
    expect(turn.status).toBe("refused");
    expect(turn.status === "refused" && turn.message).toBe(
      "Stopped by a UserPromptSubmit hook: The session is paused",
    );
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it("dispatches PostToolUseFailure when a tool throws, and the model sees the hook's context", async () => {
    const workspace = createTestWorkspace("ai-sdk-session");
    const engine = await openEngine(workspace);
    const tools = withHooks(engine, {
      read: tool({
        description: "Reads a file",
        inputSchema: z.object({ path: z.string() }),
        execute: async ({ path: file }): Promise<string> => {
          throw new Error(`ENOENT: ${file}`);
        },
      }),
    });
    const model = createModel([callTool("call-1", "read", { path: "a.txt" }), say("ok")]);
    await generateText({ model, tools, prompt: "Read a.txt", stopWhen: stepCountIs(3) });
    // PostToolUseFailure takes PostToolUse's place: a failed call never dispatches both.
    expect(readLog(workspace).map((payload) => payload.hook_event_name)).toEqual([
      "PostToolUseFailure",
    ]);
    expect(readLog(workspace)[0]).toMatchObject({
      tool_name: "read",
      tool_use_id: "call-1",
      tool_input: { path: "a.txt" },
      error: "ENOENT: a.txt",
    });
    const sent = JSON.stringify(model.doGenerateCalls[1]?.prompt);
    expect(sent).toContain("ENOENT: a.txt");
    expect(sent).toContain(
      "Hook context: The tool failed with: ENOENT: a.txt; check the path first",
    );
  });

  it("dispatches a permission_prompt Notification when the turn pauses on a tool approval", async () => {
    const workspace = createTestWorkspace("ai-sdk-session");
    const engine = await openEngine(workspace);
    const tools = withHooks(engine, {
      deploy: tool({
        description: "Deploys",
        inputSchema: z.object({}),
        needsApproval: true,
        execute: async () => "deployed",
      }),
    });
    const model = createModel([callTool("call-1", "deploy", {})]);
    const turn = await runWithHooks({
      session: createSessionHooks(engine),
      messages: [{ role: "user", content: "Ship it" }],
      generate: (messages) => generateText({ model, tools, messages, stopWhen: stepCountIs(3) }),
    });
    expect(turn.status === "completed" && turn.stops).toEqual([]);
    expect(readLog(workspace).at(-1)).toMatchObject({
      hook_event_name: "Notification",
      notification_type: "permission_prompt",
      message: "The agent needs your permission to use deploy",
    });
  });

  it("fires Notification and SessionEnd (once) when the host calls them", async () => {
    const workspace = createTestWorkspace("ai-sdk-session");
    const engine = await openEngine(workspace);
    const session = createSessionHooks(engine);
    await session.notify({ message: "Approve bash?", notificationType: "permission_prompt" });
    const ended = await session.endSession("prompt_input_exit");
    const again = await session.endSession("other");
    expect(again).toBe(ended);
    expect(ended?.runs.map((run) => run.status)).toEqual(["ok"]);
    expect(readLog(workspace)).toEqual([
      expect.objectContaining({
        hook_event_name: "Notification",
        message: "Approve bash?",
        notification_type: "permission_prompt",
      }),
      expect.objectContaining({ hook_event_name: "SessionEnd", reason: "prompt_input_exit" }),
    ]);
  });
});
