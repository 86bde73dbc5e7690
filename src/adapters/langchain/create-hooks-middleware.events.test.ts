import { readFileSync } from "node:fs";
import path from "node:path";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createDeepAgent } from "deepagents";
import { AIMessage, type BaseMessage, fakeModel, HumanMessage, ToolMessage } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { packageRoot as root } from "../../../test/support/run-node-script.js";
import { createHookEngine, type HookEngine } from "../../engine/engine.js";
import type { EventDiagnostic } from "../../event-stream/event-diagnostic.js";
import { createEventDispatcher, type EventDispatcher } from "../../event-stream/index.js";
import { createHooksMiddleware } from "./index.js";

const fixtures = "test/fixtures/adapters/langchain";
const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

interface EventStreamSetup {
  engine: HookEngine;
  events: EventDispatcher;
  diagnostics: EventDiagnostic[];
  /** The events the hook received, in the order it logged them. */
  readLog(): Record<string, unknown>[];
}

/** A decision engine on the Deep Agents fixtures, and an event stream whose one hook logs every event. */
async function openEventStream(outputLimit: number): Promise<EventStreamSetup> {
  const workspace = createTestWorkspace("langchain-events");
  const log = workspace.path("events.log");
  const config = workspace.writeJson("event-hooks.json", {
    hooks: [{ command: ["node", `${fixtures}/hooks/log-event.mjs`, log] }],
  });
  const diagnostics: EventDiagnostic[] = [];
  const events = await createEventDispatcher({
    home: workspace.home,
    cwd: root,
    configFiles: [config],
    outputLimit,
    onDiagnostic: (diagnostic) => diagnostics.push(diagnostic),
  });
  const engine = await createHookEngine({
    profile: "deepagents",
    cwd: root,
    home: workspace.home,
    sessionId: "deep-1",
    configFiles: [path.join(fixtures, "deepagents-hooks.json")],
  });
  engines.push(engine);
  const readLog = () =>
    readFileSync(log, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { engine, events, diagnostics, readLog };
}

const orderedNames = new Set(["session.start", "user.prompt", "task.complete", "session.end"]);

/** The tool events, which arrive in any order, sorted by tool id and then by event name. */
function sortToolEvents(logged: Record<string, unknown>[]): Record<string, unknown>[] {
  const key = (event: Record<string, unknown>) =>
    `${String(event.tool_id ?? event.tool_names)}|${String(event.event)}`;
  return logged
    .filter((event) => !orderedNames.has(String(event.event)))
    .sort((left, right) => key(left).localeCompare(key(right)));
}

function toolMessages(messages: readonly BaseMessage[]): ToolMessage[] {
  return messages.filter((message) => ToolMessage.isInstance(message));
}

describe("createHooksMiddleware with an event stream, in a Deep Agents agent", () => {
  it("emits the session, prompt and task events in program order, and a tool event per call state", async () => {
    const { engine, events, diagnostics, readLog } = await openEventStream(40);
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { command: "rm -rf build" }, id: "rm-1" }])
      .respondWithTools([
        { name: "write_file", args: { file_path: "/notes.md", content: "# Notes" }, id: "w-1" },
      ])
      .respond(new AIMessage("Done."));
    const hooks = createHooksMiddleware(engine, { events });
    const agent = createDeepAgent({ model, checkpointer: new MemorySaver(), middleware: [hooks] });
    const config = { configurable: { thread_id: "thread-1" } };

    const state = await agent.invoke({ messages: [new HumanMessage("Tidy up")] }, config);
    await hooks.endSession("other", { threadId: "thread-1" });
    await events.drain();

    const [denied, written] = toolMessages(state.messages);
    expect(denied?.status).toBe("error");
    expect(written?.status).not.toBe("error");
    const writtenText = String(written?.content);
    expect(writtenText.length).toBeGreaterThan(40);
    const logged = readLog();
    expect(logged.filter((event) => orderedNames.has(String(event.event)))).toEqual([
      { event: "session.start", thread_id: "thread-1" },
      { event: "user.prompt" },
      { event: "task.complete", thread_id: "thread-1" },
      { event: "session.end", thread_id: "thread-1" },
    ]);
    expect(sortToolEvents(logged)).toEqual([
      { event: "tool.error", tool_names: ["execute"] },
      {
        event: "tool.result",
        tool_name: "execute",
        tool_id: "rm-1",
        tool_args: { command: "rm -rf build" },
        tool_status: "error",
        tool_output: `${String(denied?.content).slice(0, 21)}…[output truncated]`,
      },
      {
        event: "tool.use",
        tool_name: "execute",
        tool_id: "rm-1",
        tool_args: { command: "rm -rf build" },
      },
      {
        event: "tool.result",
        tool_name: "write_file",
        tool_id: "w-1",
        tool_args: { file_path: "/notes.md", content: "# Notes" },
        tool_status: "success",
        tool_output: `${writtenText.slice(0, 21)}…[output truncated]`,
      },
      {
        event: "tool.use",
        tool_name: "write_file",
        tool_id: "w-1",
        tool_args: { file_path: "/notes.md", content: "# Notes" },
      },
    ]);
    expect(diagnostics.filter((diagnostic) => diagnostic.severity !== "info")).toEqual([]);
  });

  it("sends one tool.use across an ask interrupt, and a rejected call's result as an error", async () => {
    const { engine, events, readLog } = await openEventStream(2000);
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: "/.env", content: "KEY=1" }, id: "env-1" },
      ])
      .respond(new AIMessage("Left it alone."));
    const hooks = createHooksMiddleware(engine, { events, onAsk: "interrupt" });
    const agent = createDeepAgent({ model, checkpointer: new MemorySaver(), middleware: [hooks] });
    const config = { configurable: { thread_id: "thread-2" } };

    const paused = await agent.invoke({ messages: [new HumanMessage("Add a key")] }, config);
    expect(paused.__interrupt__).toHaveLength(1);
    const resumed = await agent.invoke(
      new Command({ resume: { decisions: [{ type: "reject", message: "No secrets, please" }] } }),
      config,
    );
    await events.drain();

    expect(toolMessages(resumed.messages)[0]?.text).toBe("No secrets, please");
    const logged = readLog();
    expect(logged.filter((event) => orderedNames.has(String(event.event)))).toEqual([
      { event: "session.start", thread_id: "thread-2" },
      { event: "user.prompt" },
      { event: "task.complete", thread_id: "thread-2" },
    ]);
    const call = { tool_name: "write_file", tool_id: "env-1" };
    const args = { file_path: "/.env", content: "KEY=1" };
    expect(sortToolEvents(logged)).toEqual([
      {
        event: "tool.result",
        ...call,
        tool_args: args,
        tool_status: "error",
        tool_output: "No secrets, please",
      },
      { event: "tool.use", ...call, tool_args: args },
      { event: "tool.error", tool_names: ["write_file"] },
    ]);
  });
  it("reports a call rejected in Deep Agents' own interruptOn, which never reaches the tool step", async () => {
    const { engine, events, readLog } = await openEventStream(2000);
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: "/a.md", content: "A" }, id: "a-1" },
      ])
      .respond(new AIMessage("Skipped it."));
    const hooks = createHooksMiddleware(engine, { events });
    const agent = createDeepAgent({
      model,
      checkpointer: new MemorySaver(),
      middleware: [hooks],
      interruptOn: { write_file: true },
    });
    const config = { configurable: { thread_id: "thread-3" } };

    const paused = await agent.invoke({ messages: [new HumanMessage("Write a")] }, config);
    expect(paused.__interrupt__).toHaveLength(1);
    const resumed = await agent.invoke(
      new Command({ resume: { decisions: [{ type: "reject", message: "Not now" }] } }),
      config,
    );
    await events.drain();

    expect(resumed.messages.at(-1)?.text).toBe("Skipped it.");
    expect(Object.keys(resumed.files ?? {})).toEqual([]);
    const call = { tool_name: "write_file", tool_id: "a-1" };
    const args = { file_path: "/a.md", content: "A" };
    expect(sortToolEvents(readLog())).toEqual([
      {
        event: "tool.result",
        ...call,
        tool_args: args,
        tool_status: "error",
        tool_output: "Not now",
      },
      { event: "tool.use", ...call, tool_args: args },
      { event: "tool.error", tool_names: ["write_file"] },
    ]);
  });
});
