import { existsSync, readFileSync } from "node:fs";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createDeepAgent } from "deepagents";
import {
  AIMessage,
  type BaseMessage,
  createAgent,
  fakeModel,
  HumanMessage,
  ToolMessage,
  tool,
} from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { packageRoot as root } from "../../../test/support/run-node-script.js";
import { createHookEngine, type HookEngine } from "../../engine/engine.js";
import { createHooksMiddleware, type HookDispatchRecord } from "./index.js";

const hookScripts = "test/fixtures/adapters/langchain/hooks";
const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

interface CountedCall {
  event: string;
  id?: string;
  file?: string;
  type?: string;
  reason?: string;
}

/**
 * An engine whose hooks count every call in a file: PreToolUse asks before a `.env` write,
 * PermissionRequest allows `/allowed/…` and denies `/denied/…`, and Notification, SessionStart and
 * SessionEnd are only counted.
 */
async function openCountingEngine(profile: "deepagents" | "claude" = "deepagents"): Promise<{
  engine: HookEngine;
  readCalls: () => CountedCall[];
}> {
  const workspace = createTestWorkspace("langchain-interrupts");
  const countFile = workspace.path("calls.jsonl");
  const count = { type: "command", command: `node ${hookScripts}/count-calls.mjs '${countFile}'` };
  const configFile = workspace.writeJson("hooks.json", {
    hooks: {
      SessionStart: [{ hooks: [count] }],
      PreToolUse: [
        {
          matcher: "Write|Edit",
          hooks: [{ type: "command", command: `node ${hookScripts}/protect-env.mjs` }, count],
        },
      ],
      PermissionRequest: [
        {
          hooks: [
            count,
            { type: "command", command: `node ${hookScripts}/permission-by-path.mjs` },
          ],
        },
      ],
      Notification: [{ hooks: [count] }],
      SessionEnd: [{ hooks: [count] }],
    },
  });
  const engine = await createHookEngine({
    profile,
    cwd: root,
    home: workspace.home,
    sessionId: "s-1",
    configFiles: [configFile],
  });
  expect(engine.diagnostics).toEqual([]);
  engines.push(engine);
  const readCalls = () =>
    existsSync(countFile)
      ? readFileSync(countFile, "utf8")
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as CountedCall)
      : [];
  return { engine, readCalls };
}

function createRecordingWrite() {
  const ran: unknown[] = [];
  const writeFile = tool(
    async (args) => {
      ran.push(args);
      return `wrote ${args.file_path}`;
    },
    {
      name: "write_file",
      description: "Write a file",
      schema: z.object({ file_path: z.string(), content: z.string() }),
    },
  );
  return { ran, writeFile };
}

function toolMessages(messages: readonly BaseMessage[]): ToolMessage[] {
  return messages.filter((message) => ToolMessage.isInstance(message));
}

describe("an ask interrupt and its resume", () => {
  it("runs each hook once per tool call: PreToolUse, PermissionRequest and Notification before the pause, none again on resume", async () => {
    const { engine, readCalls } = await openCountingEngine();
    const { ran, writeFile } = createRecordingWrite();
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: "/app/.env", content: "KEY=1" }, id: "env-1" },
      ])
      .respond(new AIMessage("Saved."));
    const records: HookDispatchRecord[] = [];
    const hooks = createHooksMiddleware(engine, {
      onAsk: "interrupt",
      onDispatch: (record) => records.push(record),
    });
    const agent = createAgent({
      model,
      tools: [writeFile],
      middleware: [hooks],
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "once" } };

    const paused = await agent.invoke({ messages: [new HumanMessage("Add a key")] }, config);
    expect(paused.__interrupt__).toHaveLength(1);
    expect(ran).toEqual([]);
    const resumed = await agent.invoke(
      new Command({ resume: { decisions: [{ type: "approve" }] } }),
      config,
    );

    expect(ran).toEqual([{ file_path: "/app/.env", content: "KEY=1" }]);
    expect(resumed.messages.at(-1)?.text).toBe("Saved.");
    expect(readCalls()).toEqual([
      { event: "SessionStart" },
      { event: "PreToolUse", id: "env-1", file: "/app/.env" },
      { event: "PermissionRequest", file: "/app/.env" },
      { event: "Notification", type: "permission_prompt" },
    ]);
    expect(records.map((record) => record.event)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PermissionRequest",
      "Notification",
      "PostToolUse",
      "Stop",
    ]);
    expect(records[4]?.payload).toMatchObject({
      message: "The agent needs your permission to use Write",
      notification_type: "permission_prompt",
    });
  });

  it("lets a PermissionRequest hook answer an ask: allow runs the call without a pause, deny refuses it with the hook's message", async () => {
    const { engine, readCalls } = await openCountingEngine();
    const { ran, writeFile } = createRecordingWrite();
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: "/allowed/.env", content: "A=1" }, id: "a-1" },
        { name: "write_file", args: { file_path: "/denied/.env", content: "B=1" }, id: "b-1" },
      ])
      .respond(new AIMessage("One of two."));
    const agent = createAgent({
      model,
      tools: [writeFile],
      middleware: [createHooksMiddleware(engine, { onAsk: "interrupt" })],
      checkpointer: new MemorySaver(),
    });

    const state = await agent.invoke(
      { messages: [new HumanMessage("Add two keys")] },
      { configurable: { thread_id: "answered" } },
    );

    expect(state.__interrupt__).toBeUndefined();
    expect(ran).toEqual([{ file_path: "/allowed/.env", content: "A=1" }]);
    const results = toolMessages(state.messages);
    expect(results.map((message) => [message.tool_call_id, message.status, message.text])).toEqual([
      ["a-1", "success", "wrote /allowed/.env"],
      ["b-1", "error", "Denied by a PermissionRequest hook: /denied/.env is off limits"],
    ]);
    // Nobody was asked, so nothing notified the user.
    expect(readCalls().map((call) => call.event)).not.toContain("Notification");
  });
});

describe("a PermissionRequest allow with updatedInput (Claude Code profile)", () => {
  it("runs an asked call with the hook's rewritten input", async () => {
    const { engine } = await openCountingEngine("claude");
    const { ran, writeFile } = createRecordingWrite();
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: "/redact/.env", content: "KEY=1" }, id: "r-1" },
      ])
      .respond(new AIMessage("Saved."));
    const agent = createAgent({
      model,
      tools: [writeFile],
      middleware: [createHooksMiddleware(engine, { onAsk: "interrupt" })],
      checkpointer: new MemorySaver(),
    });

    const state = await agent.invoke(
      { messages: [new HumanMessage("Add a key")] },
      { configurable: { thread_id: "redact" } },
    );

    expect(state.__interrupt__).toBeUndefined();
    expect(ran).toEqual([{ file_path: "/redact/.env", content: "KEY=<redacted>" }]);
  });

  it("gives PreToolUse and the tool the rewritten input when it answered Deep Agents' interruptOn", async () => {
    const { engine, readCalls } = await openCountingEngine("claude");
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: "/redact/key.txt", content: "KEY=1" }, id: "r-2" },
      ])
      .respond(new AIMessage("Saved."));
    const hooks = createHooksMiddleware(engine);
    const agent = createDeepAgent({
      model,
      middleware: [hooks],
      interruptOn: hooks.guardInterruptOn({ write_file: true }),
      checkpointer: new MemorySaver(),
    });

    const state = await agent.invoke(
      { messages: [new HumanMessage("Add a key")] },
      { configurable: { thread_id: "redact-hitl" } },
    );

    expect(state.__interrupt__).toBeUndefined();
    expect(state.files?.["/redact/key.txt"]?.content).toBe("KEY=<redacted>");
    expect(readCalls().filter((call) => call.event === "PreToolUse")).toEqual([
      { event: "PreToolUse", id: "r-2", file: "/redact/key.txt" },
    ]);
  });
});

describe("a PermissionRequest deny with interrupt (Claude Code profile)", () => {
  it("refuses the call and ends the run before the next model call", async () => {
    const { engine } = await openCountingEngine("claude");
    const { ran, writeFile } = createRecordingWrite();
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: "/stop/.env", content: "KEY=1" }, id: "s-1" },
      ])
      .respond(new AIMessage("never"));
    const agent = createAgent({
      model,
      tools: [writeFile],
      middleware: [createHooksMiddleware(engine)],
    });

    const state = await agent.invoke({ messages: [new HumanMessage("Add a key")] });

    expect(ran).toEqual([]);
    expect(model.callCount).toBe(1);
    expect(state.messages.at(-1)?.text).toBe("Denied by a PermissionRequest hook: Stop here");
  });
});

describe("Deep Agents' human-in-the-loop through guardInterruptOn", () => {
  it("asks PermissionRequest first: allow skips the prompt, deny refuses, no decision prompts; each hook once across the resume", async () => {
    const { engine, readCalls } = await openCountingEngine();
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: "/allowed/a.md", content: "a" }, id: "w-a" },
        { name: "write_file", args: { file_path: "/denied/b.md", content: "b" }, id: "w-b" },
        { name: "write_file", args: { file_path: "/ask/c.md", content: "c" }, id: "w-c" },
      ])
      .respond(new AIMessage("Written."));
    const hooks = createHooksMiddleware(engine);
    const agent = createDeepAgent({
      model,
      middleware: [hooks],
      interruptOn: hooks.guardInterruptOn({ write_file: true }),
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "hitl" } };

    const paused = await agent.invoke({ messages: [new HumanMessage("Write notes")] }, config);

    const request = paused.__interrupt__?.[0]?.value as { actionRequests: { args: unknown }[] };
    expect(request.actionRequests.map((action) => action.args)).toEqual([
      { file_path: "/ask/c.md", content: "c" },
    ]);
    expect(Object.keys(paused.files ?? {})).toEqual([]);

    const resumed = await agent.invoke(
      new Command({ resume: { decisions: [{ type: "approve" }] } }),
      config,
    );

    expect(Object.keys(resumed.files ?? {}).sort()).toEqual(["/allowed/a.md", "/ask/c.md"]);
    const denied = toolMessages(resumed.messages).find((message) => message.tool_call_id === "w-b");
    expect(denied?.status).toBe("error");
    expect(denied?.text).toBe("Denied by a PermissionRequest hook: /denied/b.md is off limits");
    const calls = readCalls();
    expect(calls.filter((call) => call.event === "PermissionRequest")).toEqual([
      { event: "PermissionRequest", file: "/allowed/a.md" },
      { event: "PermissionRequest", file: "/denied/b.md" },
      { event: "PermissionRequest", file: "/ask/c.md" },
    ]);
    expect(calls.filter((call) => call.event === "Notification")).toHaveLength(1);
    // The refused call never reached PreToolUse; the two that ran did, once each (in parallel, so
    // their hooks log in either order).
    const preToolUseIds = calls
      .filter((call) => call.event === "PreToolUse")
      .map((call) => call.id);
    expect(preToolUseIds.sort()).toEqual(["w-a", "w-c"]);
  });
});

describe("host calls on the middleware handle", () => {
  it("endSession dispatches SessionEnd with the reason and starts a new session on the thread's next run", async () => {
    const { engine, readCalls } = await openCountingEngine();
    const model = fakeModel().respond(new AIMessage("Hi.")).respond(new AIMessage("Hi again."));
    const hooks = createHooksMiddleware(engine, {
      resolveSessionId: (thread) => `session-${thread}`,
    });
    const agent = createAgent({
      model,
      tools: [],
      middleware: [hooks],
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "t-1" } };

    await agent.invoke({ messages: [new HumanMessage("Hello")] }, config);
    const ended = await hooks.endSession("prompt_input_exit", { threadId: "t-1" });
    await agent.invoke({ messages: [new HumanMessage("Back")] }, config);

    expect(ended?.runs.map((run) => run.status)).toEqual(["ok"]);
    expect(readCalls()).toEqual([
      { event: "SessionStart" },
      { event: "SessionEnd", reason: "prompt_input_exit" },
      { event: "SessionStart" },
    ]);
  });

  it("notify dispatches Notification with the host's type, message and title", async () => {
    const { engine, readCalls } = await openCountingEngine();
    const records: HookDispatchRecord[] = [];
    const hooks = createHooksMiddleware(engine, { onDispatch: (record) => records.push(record) });

    await hooks.notify({
      message: "The agent is waiting for your input",
      notificationType: "idle_prompt",
      title: "Agent idle",
    });

    expect(readCalls()).toEqual([{ event: "Notification", type: "idle_prompt" }]);
    expect(records[0]?.payload).toEqual({
      message: "The agent is waiting for your input",
      notification_type: "idle_prompt",
      title: "Agent idle",
    });
  });
});
