import { readFileSync } from "node:fs";
import path from "node:path";
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
import {
  createTestWorkspace,
  type TestWorkspace,
} from "../../../test/support/create-test-workspace.js";
import { createHookEngine, type HookEngine } from "../../engine/engine.js";
import { createSessionHooks, runWithHooks, withHooks } from "./index.js";

const script = path.resolve("test/fixtures/adapters/session/session-hooks.mjs");
const engines: HookEngine[] = [];

beforeAll(() => setTracingDisabled(true));

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

describe("runWithHooks (OpenAI Agents)", () => {
  it("starts the session once, with its context as a system message, and adds prompt context", async () => {
    const workspace = createTestWorkspace("openai-agents-session");
    const engine = await openEngine(workspace);
    const session = createSessionHooks(engine, { payload: { session_id: "s-1" } });
    const model = new ScriptedModel([[say("Hello")], [say("Done")]]);
    const agent = new Agent({ name: "coder", model });

    const first = await runWithHooks({
      session,
      input: "Hi",
      generate: (input) => run(agent, input),
    });
    if (first.status !== "completed") throw new Error("the first turn was refused");
    const second = await runWithHooks({
      session,
      input: [...first.result.history, { role: "user", content: "Fix it" }],
      generate: (input) => run(agent, input),
    });
    expect(second.status).toBe("completed");

    const context = "SessionStart hook additional context:\\nProject rules: use pnpm (startup)";
    for (const call of [0, 1]) {
      expect(
        model.sent(call).startsWith(`[{"type":"message","role":"system","content":"${context}"`),
      ).toBe(true);
      // The context is in the conversation once, however many turns it has.
      expect(model.sent(call).split("Project rules").length).toBe(2);
    }
    expect(model.sent(1)).toContain("UserPromptSubmit hook additional context:\\nPrompt length: 6");
    const events = readLog(workspace).map((payload) => [payload.hook_event_name, payload.prompt]);
    expect(events).toEqual([
      ["SessionStart", undefined],
      ["UserPromptSubmit", "Hi"],
      ["UserPromptSubmit", "Fix it"],
    ]);
    expect(readLog(workspace)[0]).toMatchObject({ session_id: "s-1", source: "startup" });
  });

  it("erases a blocked prompt and refuses the turn without running the agent", async () => {
    const workspace = createTestWorkspace("openai-agents-session");
    const engine = await openEngine(workspace);
    const model = new ScriptedModel([[say("never")]]);
    const agent = new Agent({ name: "coder", model });
    const turn = await runWithHooks({
      session: createSessionHooks(engine),
      input: [
        { role: "user", content: "Hi" },
        { role: "user", content: [{ type: "input_text", text: "my password is hunter2" }] },
      ],
      generate: (input) => run(agent, input),
    });
    expect(turn).toEqual({
      status: "refused",
      message: "Prompt blocked by a UserPromptSubmit hook: Prompts must not hold passwords",
      input: [{ role: "user", content: "Hi" }],
      result: null,
    });
    expect(model.requests).toHaveLength(0);
  });

  it("refuses the turn when a hook says continue: false", async () => {
    const workspace = createTestWorkspace("openai-agents-session");
    const engine = await openEngine(workspace);
    const model = new ScriptedModel([[say("never")]]);
    const turn = await runWithHooks({
      session: createSessionHooks(engine),
      input: "pause here",
      generate: (input) => run(new Agent({ name: "coder", model }), input),
    });
    expect(turn.status === "refused" && turn.message).toBe(
      "Stopped by a UserPromptSubmit hook: The session is paused",
    );
    expect(model.requests).toHaveLength(0);
  });

  it("dispatches PostToolUseFailure when a tool throws, and the model sees the error and context", async () => {
    const workspace = createTestWorkspace("openai-agents-session");
    const engine = await openEngine(workspace);
    const read = tool({
      name: "read",
      description: "Reads a file",
      parameters: z.object({ path: z.string() }),
      errorFunction: null,
      execute: async ({ path: file }): Promise<string> => {
        throw new Error(`ENOENT: ${file}`);
      },
    });
    const model = new ScriptedModel([[callTool("call-1", "read", { path: "a.txt" })], [say("ok")]]);
    const agent = new Agent({ name: "coder", model, tools: withHooks(engine, [read]) });
    const result = await run(agent, "Read a.txt");
    expect(result.finalOutput).toBe("ok");
    // PostToolUseFailure takes PostToolUse's place: a failed call never dispatches both.
    const logged = readLog(workspace).map((payload) => payload.hook_event_name);
    expect(logged).toEqual(["PostToolUseFailure"]);
    expect(readLog(workspace)[0]).toMatchObject({
      tool_name: "read",
      tool_use_id: "call-1",
      tool_input: { path: "a.txt" },
      error: "ENOENT: a.txt",
    });
    expect(model.sent(1)).toContain(
      "An error occurred while running the tool: ENOENT: a.txt\\n\\nHook context: The tool failed with: ENOENT: a.txt; check the path first",
    );
  });

  it("dispatches a permission_prompt Notification when the run pauses on a tool approval", async () => {
    const workspace = createTestWorkspace("openai-agents-session");
    const engine = await openEngine(workspace);
    const deploy = tool({
      name: "deploy",
      description: "Deploys",
      parameters: z.object({}),
      needsApproval: true,
      execute: async () => "deployed",
    });
    const model = new ScriptedModel([[callTool("call-1", "deploy", {})]]);
    const agent = new Agent({ name: "coder", model, tools: withHooks(engine, [deploy]) });
    const turn = await runWithHooks({
      session: createSessionHooks(engine),
      input: "Ship it",
      generate: (input) => run(agent, input),
    });
    expect(turn.status === "completed" && turn.result.interruptions).toHaveLength(1);
    expect(readLog(workspace).at(-1)).toMatchObject({
      hook_event_name: "Notification",
      notification_type: "permission_prompt",
      message: "The agent needs your permission to use deploy",
    });
  });

  it("fires Notification and SessionEnd (once) when the host calls them", async () => {
    const workspace = createTestWorkspace("openai-agents-session");
    const engine = await openEngine(workspace);
    const session = createSessionHooks(engine);
    await session.notify({ message: "Idle", notificationType: "idle_prompt", title: "Agent" });
    const ended = await session.endSession("clear");
    expect(await session.endSession()).toBe(ended);
    expect(readLog(workspace)).toEqual([
      expect.objectContaining({
        hook_event_name: "Notification",
        message: "Idle",
        notification_type: "idle_prompt",
        title: "Agent",
      }),
      expect.objectContaining({ hook_event_name: "SessionEnd", reason: "clear" }),
    ]);
  });
});
