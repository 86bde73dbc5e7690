import { afterAll, describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { compileHooks } from "../match/compile-hooks.js";
import { claudeProfile } from "../profiles/claude.js";
import { createPrewarmedHandlerPool } from "../run/prewarmed-handler-pool.js";
import {
  handlerTypeRuns,
  listRunnableHandlerTypes,
  selectProcessMode,
} from "./handler-type-runs.js";

const evaluate = async () => ({ ok: true });

function compileOne(persistent: boolean) {
  const definition = createHookDefinition({ persistent });
  const hook = compileHooks([definition], claudeProfile).byEvent.get("PreToolUse")?.[0];
  if (hook === undefined) throw new Error("the hook did not compile");
  return hook;
}

// An empty pool starts nothing until a run.
const pool = createPrewarmedHandlerPool();
afterAll(() => pool.close());

describe("handlerTypeRuns", () => {
  it("has a row for every handler type, model replies read for prompt and agent only", () => {
    const readers = Object.entries(handlerTypeRuns).flatMap(([type, run]) =>
      run.readsModelReply ? [type] : [],
    );
    expect(Object.keys(handlerTypeRuns)).toEqual([
      "command",
      "http",
      "prompt",
      "agent",
      "mcp_tool",
    ]);
    expect(readers).toEqual(["prompt", "agent"]);
  });

  it("runs command and http handlers always, the others with their host callback", () => {
    expect([...listRunnableHandlerTypes({})]).toEqual(["command", "http"]);
    expect([...listRunnableHandlerTypes({ evaluatePrompt: evaluate })]).toEqual([
      "command",
      "http",
      "prompt",
    ]);
    expect([
      ...listRunnableHandlerTypes({
        runAgentHook: evaluate,
        callMcpTool: async () => ({ content: [] }),
      }),
    ]).toEqual(["command", "http", "agent", "mcp_tool"]);
  });

  it.each([
    ["a persistent hook, even where the engine prewarms", true, true, "persistent"],
    ["a hook the engine prewarms", false, true, "prewarmed"],
    ["any other hook", false, false, "spawned"],
  ] as const)("runs %s as %s", (_, persistent, prewarms, mode) => {
    const context = { prewarm: { pool, prewarms: () => prewarms } };
    expect(selectProcessMode(compileOne(persistent), context)).toBe(mode);
  });

  it("spawns a hook when the engine prewarms nothing", () => {
    expect(selectProcessMode(compileOne(false), {})).toBe("spawned");
  });
});
