import path from "node:path";
import { AIMessage, createAgent, fakeModel, HumanMessage, ToolMessage, tool } from "langchain";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createTestWorkspace } from "../../../test/support/create-test-workspace.js";
import { packageRoot as root } from "../../../test/support/run-node-script.js";
import { createHookEngine, type HookEngine, type HookEngineOptions } from "../../engine/engine.js";
import type { EventDispatcher, EventPayload } from "../../event-stream/index.js";
import { createHooksMiddleware, type HookDispatchRecord } from "./index.js";

const fixtures = "test/fixtures/adapters/langchain";
const engines: HookEngine[] = [];

afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

async function openEngine(
  files: string[],
  profile: HookEngineOptions["profile"],
): Promise<HookEngine> {
  const engine = await createHookEngine({
    profile,
    cwd: root,
    home: createTestWorkspace("langchain-failure").home,
    sessionId: "s-1",
    configFiles: files.map((file) => path.join(fixtures, file)),
  });
  expect(engine.diagnostics).toEqual([]);
  engines.push(engine);
  return engine;
}

const diskFull = new Error("disk full");

/** A tool that throws `diskFull` for any valid input. */
const boom = tool(
  async () => {
    throw diskFull;
  },
  { name: "boom", description: "Fails", schema: z.object({ path: z.string() }) },
);

/** An event stream that records what the middleware emits (the dispatcher itself is tested in event-stream/). */
function createRecordingEventStream() {
  const emitted: { event: string; payload: EventPayload | undefined }[] = [];
  const stream: Pick<EventDispatcher, "dispatch" | "dispatchFireAndForget" | "outputLimit"> = {
    outputLimit: 2000,
    dispatch: async (event, payload) => {
      emitted.push({ event, payload });
    },
    dispatchFireAndForget: (event, payload) => {
      emitted.push({ event, payload });
    },
  };
  return { emitted, stream };
}

describe("PostToolUseFailure in the LangChain middleware", () => {
  it("dispatches it for a throwing tool, then rethrows the very error, as LangChain does", async () => {
    const engine = await openEngine(["claude-tool-failure.json"], "claude");
    const records: HookDispatchRecord[] = [];
    const { emitted, stream } = createRecordingEventStream();
    const model = fakeModel()
      .respondWithTools([{ name: "boom", args: { path: "/data" }, id: "b-1" }])
      .respond(new AIMessage("unreachable"));
    const agent = createAgent({
      model,
      tools: [boom],
      middleware: [
        createHooksMiddleware(engine, {
          events: stream,
          onDispatch: (record) => records.push(record),
        }),
      ],
    });

    const rejection = await agent.invoke({ messages: [new HumanMessage("Go")] }).then(
      () => null,
      (error: unknown) => error,
    );

    expect(rejection).toBe(diskFull);
    const failure = records.find((record) => record.event === "PostToolUseFailure");
    expect(failure?.payload).toEqual({
      tool_name: "boom",
      tool_input: { path: "/data" },
      tool_use_id: "b-1",
      error: "disk full",
      is_interrupt: false,
    });
    expect(failure?.result.additionalContext).toEqual([
      "boom failed (disk full); check its input.",
    ]);
    expect(records.map((record) => record.event)).not.toContain("PostToolUse");
    expect(emitted.filter(({ event }) => event.startsWith("tool."))).toEqual([
      {
        event: "tool.use",
        payload: { tool_name: "boom", tool_id: "b-1", tool_args: { path: "/data" } },
      },
      {
        event: "tool.result",
        payload: {
          tool_name: "boom",
          tool_id: "b-1",
          tool_args: { path: "/data" },
          tool_status: "error",
          tool_output: "disk full",
        },
      },
      { event: "tool.error", payload: { tool_names: ["boom"] } },
    ]);
  });

  it("appends the hooks' context to the error result LangChain gives an invalid input", async () => {
    const engine = await openEngine(["claude-tool-failure.json"], "claude");
    const model = fakeModel()
      .respondWithTools([{ name: "boom", args: { wrong: 1 }, id: "b-2" }])
      .respond(new AIMessage("I will fix the input."));
    const agent = createAgent({
      model,
      tools: [boom],
      middleware: [createHooksMiddleware(engine)],
    });

    const state = await agent.invoke({ messages: [new HumanMessage("Go")] });

    const result = state.messages.find((message) => ToolMessage.isInstance(message));
    expect(result?.status).toBe("error");
    const text = String(result?.content);
    expect(text.startsWith(`Error invoking tool 'boom' with kwargs {"wrong":1}`)).toBe(true);
    expect(text).toMatch(
      /\n\nPostToolUseFailure hook additional context:\nboom failed \(Error invoking tool 'boom'[^\n]*\); check its input\.$/,
    );
    expect(state.messages.at(-1)?.text).toBe("I will fix the input.");
  });

  it("lets the error through untouched where the profile has no PostToolUseFailure", async () => {
    const engine = await openEngine(["deepagents-hooks.json"], "deepagents");
    const records: HookDispatchRecord[] = [];
    const model = fakeModel().respondWithTools([{ name: "boom", args: { path: "/" }, id: "b-3" }]);
    const agent = createAgent({
      model,
      tools: [boom],
      middleware: [createHooksMiddleware(engine, { onDispatch: (record) => records.push(record) })],
    });

    await expect(agent.invoke({ messages: [new HumanMessage("Go")] })).rejects.toBe(diskFull);
    expect(records.map((record) => record.event)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
    ]);
  });
});
