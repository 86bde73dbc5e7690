import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Command, MemorySaver } from "@langchain/langgraph";
import { createDeepAgent, LocalShellBackend, StateBackend } from "deepagents";
import { AIMessage, type BaseMessage, fakeModel, HumanMessage, ToolMessage } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { packageRoot as root } from "../../../test/support/run-node-script.js";
import { createHookEngine, type HookEngine } from "../../engine/engine.js";
import { createHooksMiddleware, type HookDispatchRecord } from "./index.js";

const fixtures = "test/fixtures/adapters/langchain";
const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

async function openEngine(files: string[]): Promise<HookEngine> {
  const home = createTestWorkspace("deepagents").home;
  const engine = await createHookEngine({
    profile: "deepagents",
    cwd: root,
    home,
    sessionId: "deep-1",
    configFiles: files.map((file) => path.join(fixtures, file)),
  });
  expect(engine.diagnostics).toEqual([]);
  engines.push(engine);
  return engine;
}

function toolMessages(messages: readonly BaseMessage[]): ToolMessage[] {
  return messages.filter((message) => ToolMessage.isInstance(message));
}

describe("createHooksMiddleware with createDeepAgent", () => {
  it("runs a coding session on a local shell backend: deny, ask, allow and one Stop continuation", async () => {
    const engine = await openEngine(["deepagents-hooks.json", "deepagents-stop-once.json"]);
    const project = createTestWorkspace("deep-project").root;
    await mkdir(path.join(project, "build"));
    await writeFile(path.join(project, "build", "out.js"), "built");
    const model = fakeModel()
      .respondWithTools([{ name: "execute", args: { command: "rm -rf build" }, id: "rm-1" }])
      .respondWithTools([
        { name: "write_file", args: { file_path: "/.env", content: "KEY=1" }, id: "env-1" },
      ])
      .respondWithTools([
        { name: "write_file", args: { file_path: "/notes.md", content: "# Notes" }, id: "w-1" },
      ])
      .respond(new AIMessage("Done."))
      .respondWithTools([{ name: "execute", args: { command: "echo tests-ok" }, id: "t-1" }])
      .respond(new AIMessage("The tests pass."));
    const records: HookDispatchRecord[] = [];
    const agent = createDeepAgent({
      model,
      backend: new LocalShellBackend({ rootDir: project, virtualMode: true, inheritEnv: true }),
      middleware: [createHooksMiddleware(engine, { onDispatch: (record) => records.push(record) })],
    });

    const state = await agent.invoke({ messages: [new HumanMessage("Tidy the project")] });

    expect(await readFile(path.join(project, "build", "out.js"), "utf8")).toBe("built");
    await expect(stat(path.join(project, ".env"))).rejects.toThrow(/ENOENT/);
    expect(await readFile(path.join(project, "notes.md"), "utf8")).toBe("# Notes");
    const results = toolMessages(state.messages);
    expect(results.map((message) => message.status ?? "success")).toEqual([
      "error",
      "error",
      "success",
      "success",
    ]);
    expect(results[0]?.text).toBe(
      "Denied by a PreToolUse hook: rm -rf is blocked by policy (Bash in deep-1)",
    );
    expect(results[1]?.text).toContain("Write needs approval: a PreToolUse hook asked");
    expect(results[2]?.text).toContain("PostToolUse hook additional context:\nWrote /notes.md");
    expect(results[3]?.text).toContain("tests-ok");
    expect(model.callCount).toBe(6);
    expect(model.calls[4]?.messages.at(-1)?.text).toBe(
      "Stop hook feedback:\nRun the tests before stopping.",
    );
    expect(state.messages.at(-1)?.text).toBe("The tests pass.");
    const toolEvents = records
      .filter((record) => record.event === "PreToolUse")
      .map((record) => [record.payload.tool_name, record.result.decision]);
    expect(toolEvents).toEqual([
      ["Bash", "deny"],
      ["Write", "ask"],
      ["Write", null],
      ["Bash", null],
    ]);
  });

  it("appends PostToolUse context to a state-backend write (a Command result) and keeps the file", async () => {
    const engine = await openEngine(["deepagents-hooks.json"]);
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: "/src/a.ts", content: "export {};" }, id: "w-1" },
      ])
      .respond(new AIMessage("Written."));
    const agent = createDeepAgent({
      model,
      backend: (config) => new StateBackend(config),
      middleware: [createHooksMiddleware(engine)],
    });

    const state = await agent.invoke({ messages: [new HumanMessage("Write a.ts")] });

    expect(Object.keys(state.files ?? {})).toEqual(["/src/a.ts"]);
    expect(toolMessages(state.messages)[0]?.text).toContain(
      "PostToolUse hook additional context:\nWrote /src/a.ts",
    );
  });

  it("pauses a deep agent for approval and writes the file once approved", async () => {
    const engine = await openEngine(["deepagents-hooks.json"]);
    const model = fakeModel()
      .respondWithTools([
        { name: "write_file", args: { file_path: "/.env", content: "KEY=1" }, id: "env-1" },
      ])
      .respond(new AIMessage("Saved."));
    const agent = createDeepAgent({
      model,
      checkpointer: new MemorySaver(),
      middleware: [createHooksMiddleware(engine, { onAsk: "interrupt" })],
    });
    const config = { configurable: { thread_id: "deep-approve" } };

    const paused = await agent.invoke({ messages: [new HumanMessage("Add a key")] }, config);
    expect(paused.__interrupt__).toHaveLength(1);
    expect(Object.keys(paused.files ?? {})).toEqual([]);

    const resumed = await agent.invoke(
      new Command({ resume: { decisions: [{ type: "approve" }] } }),
      config,
    );
    expect(Object.keys(resumed.files ?? {})).toEqual(["/.env"]);
    expect(resumed.messages.at(-1)?.text).toBe("Saved.");
  });

  it("dispatches SubagentStart and SubagentStop in a subagent that has the middleware", async () => {
    const engine = await openEngine(["deepagents-hooks.json"]);
    const model = fakeModel()
      .respondWithTools([
        {
          name: "task",
          args: { description: "Look around", subagent_type: "researcher" },
          id: "task-1",
        },
      ])
      .respond(new AIMessage("Nothing to report."))
      .respond(new AIMessage("The subagent found nothing."));
    const records: HookDispatchRecord[] = [];
    const hooks = createHooksMiddleware(engine, { onDispatch: (record) => records.push(record) });
    const agent = createDeepAgent({
      model,
      middleware: [hooks],
      // Deep Agents gives subagents only their own middleware list.
      subagents: [
        {
          name: "researcher",
          description: "Looks around the project",
          systemPrompt: "You research.",
          middleware: [hooks],
        },
      ],
    });

    const state = await agent.invoke({ messages: [new HumanMessage("Explore")] });

    expect(state.messages.at(-1)?.text).toBe("The subagent found nothing.");
    expect(records.map((record) => record.event)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "SubagentStart",
      "SubagentStop",
      "PostToolUse",
      "Stop",
    ]);
    expect(records[2]?.payload).toMatchObject({ tool_name: "Task", tool_use_id: "task-1" });
    expect(records[3]?.payload).toEqual({ agent_id: "task-1", agent_type: "researcher" });
    expect(records[4]?.payload).toMatchObject({
      agent_id: "task-1",
      agent_type: "researcher",
      last_assistant_message: "Nothing to report.",
    });
  });
});
