import path from "node:path";
import { Command, MemorySaver } from "@langchain/langgraph";
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
import { createHookEngine, type HookEngine, type HookEngineOptions } from "../../engine/engine.js";
import {
  createHooksMiddleware,
  type HookDispatchRecord,
  type HooksMiddlewareOptions,
  resolvePublicToolName,
} from "./index.js";

const fixtures = "test/fixtures/adapters/langchain";
const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

async function openEngine(
  files: string[],
  profile: HookEngineOptions["profile"] = "deepagents",
): Promise<HookEngine> {
  const home = createTestWorkspace("langchain").home;
  const engine = await createHookEngine({
    profile,
    cwd: root,
    home,
    sessionId: "s-1",
    configFiles: files.map((file) => path.join(fixtures, file)),
  });
  expect(engine.diagnostics).toEqual([]);
  engines.push(engine);
  return engine;
}

/** Tools that record the arguments they ran with. */
function createRecordingTools() {
  const ran: { name: string; args: unknown }[] = [];
  const execute = tool(
    async (args) => {
      ran.push({ name: "execute", args });
      return `ran ${args.command}`;
    },
    {
      name: "execute",
      description: "Run a shell command",
      schema: z.object({ command: z.string() }),
    },
  );
  const writeFile = tool(
    async (args) => {
      ran.push({ name: "write_file", args });
      return `wrote ${args.file_path}`;
    },
    {
      name: "write_file",
      description: "Write a file",
      schema: z.object({ file_path: z.string(), content: z.string() }),
    },
  );
  return { ran, tools: [execute, writeFile] };
}

function buildAgent(
  engine: HookEngine,
  model: ReturnType<typeof fakeModel>,
  options: HooksMiddlewareOptions & { checkpointer?: MemorySaver } = {},
) {
  const { checkpointer, ...middlewareOptions } = options;
  const { ran, tools } = createRecordingTools();
  const records: HookDispatchRecord[] = [];
  const middleware = createHooksMiddleware(engine, {
    ...middlewareOptions,
    onDispatch: (record) => records.push(record),
  });
  const agent = createAgent({
    model,
    tools,
    middleware: [middleware],
    ...(checkpointer !== undefined && { checkpointer }),
  });
  return { agent, ran, records };
}

function toolMessages(messages: readonly BaseMessage[]): ToolMessage[] {
  return messages.filter((message) => ToolMessage.isInstance(message));
}

describe("createHooksMiddleware with createAgent", () => {
  it("denies a dangerous tool call: the tool never runs and the model reads the reason", async () => {
    const engine = await openEngine(["deepagents-hooks.json"]);
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { command: "rm -rf build" }, id: "call-1" }])
      .respond(new AIMessage("The build folder stays."));
    const { agent, ran, records } = buildAgent(engine, model);

    const state = await agent.invoke({ messages: [new HumanMessage("Clean the build folder")] });

    expect(ran).toEqual([]);
    const [denied] = toolMessages(state.messages);
    expect(denied?.status).toBe("error");
    expect(denied?.text).toBe(
      "Denied by a PreToolUse hook: rm -rf is blocked by policy (Bash in s-1)",
    );
    expect(model.calls[1]?.messages.at(-1)?.text).toContain("rm -rf is blocked by policy");
    const pre = records.find((record) => record.event === "PreToolUse");
    expect(pre?.payload).toMatchObject({
      tool_name: "Bash",
      tool_input: { command: "rm -rf build" },
      tool_use_id: "call-1",
    });
    expect(pre?.result.decision).toBe("deny");
    // Nothing runs PostToolUse for a call that never ran.
    expect(records.map((record) => record.event)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "Stop",
    ]);
  });

  it("gives the model SessionStart context as a message, once per thread", async () => {
    const engine = await openEngine(["deepagents-hooks.json"]);
    const model = fakeModel().respond(new AIMessage("Hello.")).respond(new AIMessage("Again."));
    const { agent, records } = buildAgent(engine, model, { checkpointer: new MemorySaver() });
    const config = { configurable: { thread_id: "thread-1" } };

    await agent.invoke({ messages: [new HumanMessage("Hi")] }, config);
    await agent.invoke({ messages: [new HumanMessage("Hi again")] }, config);

    expect(model.calls[0]?.messages.map((message) => message.text)).toEqual([
      "Hi",
      "SessionStart hook additional context:\nSession startup: the build uses pnpm.",
    ]);
    const starts = records.filter((record) => record.event === "SessionStart");
    expect(starts.map((record) => record.payload.source)).toEqual(["startup"]);
  });

  it("appends PostToolUse context to the tool result", async () => {
    const engine = await openEngine(["deepagents-hooks.json"]);
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: "src/a.ts", content: "export {};" }, id: "w-1" },
      ])
      .respond(new AIMessage("Written."));
    const { agent, ran, records } = buildAgent(engine, model);

    const state = await agent.invoke({ messages: [new HumanMessage("Write a.ts")] });

    expect(ran).toEqual([
      { name: "write_file", args: { file_path: "src/a.ts", content: "export {};" } },
    ]);
    expect(toolMessages(state.messages)[0]?.text).toBe(
      "wrote src/a.ts\n\nPostToolUse hook additional context:\nWrote src/a.ts; response was 16 characters.",
    );
    const post = records.find((record) => record.event === "PostToolUse");
    expect(post?.payload).toMatchObject({ tool_name: "Write", tool_response: "wrote src/a.ts" });
  });

  it("runs the tool with the hook's rewritten input (Claude Code profile)", async () => {
    const engine = await openEngine(["claude-settings.json"], "claude");
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { command: "npm test" }, id: "t-1" }])
      .respond(new AIMessage("Tests ran."));
    const { agent, ran } = buildAgent(engine, model);

    const state = await agent.invoke({ messages: [new HumanMessage("Run the tests")] });

    expect(ran).toEqual([{ name: "execute", args: { command: "npm test -- --run" } }]);
    expect(toolMessages(state.messages)[0]?.text).toBe("ran npm test -- --run");
    expect(model.calls[0]?.messages.at(-1)?.text).toBe(
      "UserPromptSubmit hook additional context:\nPrompt checked.",
    );
  });

  it("ends the run with the reason when UserPromptSubmit blocks the prompt", async () => {
    const engine = await openEngine(["claude-settings.json"], "claude");
    const model = fakeModel().respond(new AIMessage("never"));
    const { agent, records } = buildAgent(engine, model);

    const state = await agent.invoke({ messages: [new HumanMessage("my password is hunter2")] });

    expect(model.callCount).toBe(0);
    expect(state.messages.map((message) => [message.type, message.text])).toEqual([
      ["ai", "Prompt blocked by a UserPromptSubmit hook: Prompts must not contain passwords."],
    ]);
    // The ended run has nothing left to stop.
    expect(records.map((record) => record.event)).toEqual(["SessionStart", "UserPromptSubmit"]);
  });

  it("sends the agent back once when a Stop hook blocks, with the reason as a user message", async () => {
    const engine = await openEngine(["deepagents-stop-once.json"]);
    const model = fakeModel()
      .respond(new AIMessage("Done."))
      .respond(new AIMessage("I ran the tests: tests pass."));
    const { agent, records } = buildAgent(engine, model);

    const state = await agent.invoke({ messages: [new HumanMessage("Fix the bug")] });

    expect(model.callCount).toBe(2);
    const second = model.calls[1]?.messages.at(-1);
    expect(HumanMessage.isInstance(second)).toBe(true);
    expect(second?.text).toBe("Stop hook feedback:\nRun the tests before stopping.");
    expect(state.messages.at(-1)?.text).toBe("I ran the tests: tests pass.");
    const stops = records.filter((record) => record.event === "Stop");
    expect(stops.map((record) => record.payload.last_assistant_message)).toEqual([
      "Done.",
      "I ran the tests: tests pass.",
    ]);
    expect(stops.map((record) => record.result.decision)).toEqual(["block", null]);
  });

  it("stops sending the agent back at the engine's continuation cap", async () => {
    const engine = await openEngine(["deepagents-stop-always.json"]);
    const model = fakeModel();
    for (let turn = 0; turn < 12; turn += 1) model.respond(new AIMessage(`Turn ${turn}.`));
    const { agent, records } = buildAgent(engine, model);

    await agent.invoke({ messages: [new HumanMessage("Work")] });

    // One answer and the profile's 8 continuations.
    expect(model.callCount).toBe(9);
    const last = records.filter((record) => record.event === "Stop").at(-1);
    expect(last?.result.decision).toBeNull();
    expect(last?.result.diagnostics.map((diagnostic) => diagnostic.code)).toContain(
      "continuation_cap",
    );
  });

  it("honours a lower maxContinuations", async () => {
    const engine = await openEngine(["deepagents-stop-always.json"]);
    const model = fakeModel();
    for (let turn = 0; turn < 5; turn += 1) model.respond(new AIMessage(`Turn ${turn}.`));
    const { agent } = buildAgent(engine, model, { maxContinuations: 2 });

    await agent.invoke({ messages: [new HumanMessage("Work")] });

    expect(model.callCount).toBe(3);
  });

  it("treats ask as deny, saying approval was required, when no interrupt is configured", async () => {
    const engine = await openEngine(["deepagents-hooks.json"]);
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: ".env", content: "KEY=1" }, id: "env-1" },
      ])
      .respond(new AIMessage("Skipped."));
    const { agent, ran } = buildAgent(engine, model);

    const state = await agent.invoke({ messages: [new HumanMessage("Add a key")] });

    expect(ran).toEqual([]);
    const [refused] = toolMessages(state.messages);
    expect(refused?.status).toBe("error");
    expect(refused?.text).toBe(
      "Write needs approval: a PreToolUse hook asked (.env may hold secrets); this agent has no approval step, so the call was denied",
    );
  });

  it("pauses for approval with onAsk: interrupt, then runs or refuses the call on resume", async () => {
    const engine = await openEngine(["deepagents-hooks.json"]);
    const script = () =>
      fakeModel()
        .respondWithTools([
          { name: "write_file", args: { file_path: ".env", content: "KEY=1" }, id: "env-1" },
        ])
        .respond(new AIMessage("Finished."));
    const approved = buildAgent(engine, script(), {
      onAsk: "interrupt",
      checkpointer: new MemorySaver(),
    });
    const config = { configurable: { thread_id: "approve" } };

    const paused = await approved.agent.invoke(
      { messages: [new HumanMessage("Add a key")] },
      config,
    );

    expect(approved.ran).toEqual([]);
    expect(paused.__interrupt__?.[0]?.value).toEqual({
      actionRequests: [
        {
          name: "write_file",
          args: { file_path: ".env", content: "KEY=1" },
          description: "Write needs approval: a PreToolUse hook asked (.env may hold secrets)",
        },
      ],
      reviewConfigs: [
        { actionName: "write_file", allowedDecisions: ["approve", "edit", "reject"] },
      ],
    });
    const resumed = await approved.agent.invoke(
      new Command({ resume: { decisions: [{ type: "approve" }] } }),
      config,
    );
    expect(approved.ran).toEqual([
      { name: "write_file", args: { file_path: ".env", content: "KEY=1" } },
    ]);
    expect(resumed.messages.at(-1)?.text).toBe("Finished.");

    const rejected = buildAgent(engine, script(), {
      onAsk: "interrupt",
      checkpointer: new MemorySaver(),
    });
    const other = { configurable: { thread_id: "reject" } };
    await rejected.agent.invoke({ messages: [new HumanMessage("Add a key")] }, other);
    const refused = await rejected.agent.invoke(
      new Command({ resume: { decisions: [{ type: "reject", message: "Not in this repo." }] } }),
      other,
    );
    expect(rejected.ran).toEqual([]);
    expect(toolMessages(refused.messages)[0]?.text).toBe("Not in this repo.");
  });

  it("refuses an ask with a clear message when interrupt has no checkpointer", async () => {
    const engine = await openEngine(["deepagents-hooks.json"]);
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: ".env", content: "KEY=1" }, id: "env-1" },
      ])
      .respond(new AIMessage("Skipped."));
    const { agent, ran } = buildAgent(engine, model, { onAsk: "interrupt" });

    const state = await agent.invoke({ messages: [new HumanMessage("Add a key")] });

    expect(ran).toEqual([]);
    expect(toolMessages(state.messages)[0]?.text).toMatch(
      /^Write needs approval: .*, but the run could not pause for approval: No checkpointer set$/,
    );
  });

  it("ends the run when a PreToolUse hook returns continue: false", async () => {
    const engine = await openEngine(["deepagents-halt.json"]);
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { command: "ls" }, id: "call-1" }])
      .respond(new AIMessage("never"));
    const { agent, ran, records } = buildAgent(engine, model);

    const state = await agent.invoke({ messages: [new HumanMessage("List files")] });

    expect(ran).toEqual([]);
    expect(model.callCount).toBe(1);
    const stopped = "Stopped by a PreToolUse hook: Maintenance window: the agent stops.";
    expect(toolMessages(state.messages)[0]?.text).toBe(stopped);
    expect(state.messages.at(-1)?.type).toBe("ai");
    expect(state.messages.at(-1)?.text).toBe(stopped);
    expect(records.map((record) => record.event)).not.toContain("Stop");
  });

  it("never throws engine failures into the agent: the hooks decide nothing", async () => {
    const engine = await openEngine(["deepagents-hooks.json"]);
    const broken: HookEngine = {
      ...engine,
      dispatch: () => Promise.reject(new Error("engine exploded")),
    };
    const errors: string[] = [];
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { command: "rm -rf build" }, id: "call-1" }])
      .respond(new AIMessage("Done."));
    const { agent, ran } = buildAgent(broken, model, {
      onError: (error, event) => errors.push(`${event}: ${String(error)}`),
    });

    const state = await agent.invoke({ messages: [new HumanMessage("Clean up")] });

    expect(ran).toEqual([{ name: "execute", args: { command: "rm -rf build" } }]);
    expect(state.messages.at(-1)?.text).toBe("Done.");
    expect(errors).toContain("PreToolUse: Error: engine exploded");
  });
});

describe("resolvePublicToolName", () => {
  it.each([
    ["execute", {}, "Bash"],
    ["write_file", {}, "Write"],
    ["edit_file", {}, "Edit"],
    ["read_file", {}, "Read"],
    ["ls", {}, "LS"],
    ["glob", {}, "Glob"],
    ["grep", {}, "Grep"],
    ["task", {}, "Task"],
    ["write_todos", {}, "TodoWrite"],
    ["mcp__github__search", {}, "mcp__github__search"],
    ["shell", { shell: "Bash" }, "Bash"],
    ["execute", { execute: "Shell" }, "Shell"],
  ])("maps %s with %o to %s", (name, map, expected) => {
    expect(resolvePublicToolName(name, map)).toBe(expected);
  });
});
