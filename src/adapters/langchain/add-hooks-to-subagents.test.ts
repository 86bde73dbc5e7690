import path from "node:path";
import { createDeepAgent, GENERAL_PURPOSE_SUBAGENT } from "deepagents";
import {
  AIMessage,
  type BaseMessage,
  createMiddleware,
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
import { addHooksToSubagents, createHooksMiddleware, type HookDispatchRecord } from "./index.js";

const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

async function openEngine(): Promise<HookEngine> {
  const engine = await createHookEngine({
    profile: "deepagents",
    cwd: root,
    home: createTestWorkspace("langchain-subagents").home,
    sessionId: "s-1",
    configFiles: [path.join("test/fixtures/adapters/langchain", "deepagents-hooks.json")],
  });
  expect(engine.diagnostics).toEqual([]);
  engines.push(engine);
  return engine;
}

/** A shell tool that records the commands it ran (hooks see it as Bash through `toolNameMap`). */
function createRecordingShell() {
  const ran: string[] = [];
  const shell = tool(
    async (args) => {
      ran.push(args.command);
      return `ran ${args.command}`;
    },
    { name: "run_shell", description: "Run a command", schema: z.object({ command: z.string() }) },
  );
  return { ran, shell };
}

/** The parent delegates to the general-purpose subagent, which tries `rm -rf build`. */
function scriptDelegation() {
  return fakeModel()
    .respondWithTools([
      {
        name: "task",
        args: { description: "Clean the build folder", subagent_type: "general-purpose" },
        id: "task-1",
      },
    ])
    .respondWithTools([{ name: "run_shell", args: { command: "rm -rf build" }, id: "rm-1" }])
    .respond(new AIMessage("The build folder could not be removed."))
    .respond(new AIMessage("The subagent reports the folder stays."));
}

function toolMessages(messages: readonly BaseMessage[]): ToolMessage[] {
  return messages.filter((message) => ToolMessage.isInstance(message));
}

describe("addHooksToSubagents", () => {
  it("covers Deep Agents' general-purpose subagent: a hook denies a tool call made inside it", async () => {
    const engine = await openEngine();
    const { ran, shell } = createRecordingShell();
    const records: HookDispatchRecord[] = [];
    const hooks = createHooksMiddleware(engine, {
      toolNameMap: { run_shell: "Bash" },
      onDispatch: (record) => records.push(record),
    });
    const agent = createDeepAgent({
      model: scriptDelegation(),
      tools: [shell],
      middleware: [hooks],
      subagents: addHooksToSubagents(hooks, [], { generalPurpose: GENERAL_PURPOSE_SUBAGENT }),
    });

    const state = await agent.invoke({ messages: [new HumanMessage("Clean up")] });

    expect(ran).toEqual([]);
    expect(state.messages.at(-1)?.text).toBe("The subagent reports the folder stays.");
    const denied = records.find((record) => record.payload.tool_use_id === "rm-1");
    expect(denied?.event).toBe("PreToolUse");
    expect(denied?.result.decision).toBe("deny");
    expect(records.map((record) => record.event)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "SubagentStart",
      "PreToolUse",
      "SubagentStop",
      "PostToolUse",
      "Stop",
    ]);
    expect(toolMessages(state.messages)[0]?.text).toContain("could not be removed");
  });

  it("is needed: without it the general-purpose subagent runs tools no hook sees", async () => {
    const engine = await openEngine();
    const { ran, shell } = createRecordingShell();
    const records: HookDispatchRecord[] = [];
    const hooks = createHooksMiddleware(engine, {
      toolNameMap: { run_shell: "Bash" },
      onDispatch: (record) => records.push(record),
    });
    const agent = createDeepAgent({
      model: scriptDelegation(),
      tools: [shell],
      middleware: [hooks],
    });

    await agent.invoke({ messages: [new HumanMessage("Clean up")] });

    expect(ran).toEqual(["rm -rf build"]);
    expect(records.some((record) => record.payload.tool_use_id === "rm-1")).toBe(false);
  });

  it("adds the hooks to custom specs once, and leaves compiled subagents and a given general-purpose spec alone", () => {
    const hooks = createMiddleware({ name: "AgentHooks" });
    const other = createMiddleware({ name: "Other" });
    const compiled = { name: "compiled", description: "d", runnable: {} };
    const specs = addHooksToSubagents(
      hooks,
      [
        { name: "researcher", description: "r", systemPrompt: "p", middleware: [other] },
        { name: "already", description: "a", systemPrompt: "p", middleware: [hooks] },
        compiled,
        { name: "general-purpose", description: "mine", systemPrompt: "p" },
      ],
      { generalPurpose: GENERAL_PURPOSE_SUBAGENT },
    );

    const names = specs.map((spec) => [
      spec.name,
      "middleware" in spec ? spec.middleware?.map((entry) => entry.name) : undefined,
    ]);
    expect(names).toEqual([
      ["researcher", ["Other", "AgentHooks"]],
      ["already", ["AgentHooks"]],
      ["compiled", undefined],
      ["general-purpose", ["AgentHooks"]],
    ]);
    expect(specs[2]).toBe(compiled);
  });
});
