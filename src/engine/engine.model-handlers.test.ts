// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${…}` is Claude Code's mcp_tool placeholder syntax, not a template.
import { afterEach, describe, expect, it } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import type { Diagnostic } from "../diagnostic.js";
import type {
  CallMcpTool,
  EvaluatePrompt,
  McpToolRequest,
  McpToolResult,
  ModelHookReply,
  ModelHookRequest,
} from "../run/host-callbacks.js";
import { createHookEngine, type HookEngine, type HookEngineOptions } from "./engine.js";

// prompt, agent and mcp_tool handlers of the Claude Code profile, end to end: settings files
// read by the claude dialect, the host's callbacks played by plain async functions that record
// their calls.

const engines: HookEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.close()));
});

const group = (matcher: string | null, ...hooks: unknown[]) =>
  matcher === null ? { hooks } : { matcher, hooks };
const bash = (command: string) => ({ tool_name: "Bash", tool_input: { command } });
const messages = (result: { readonly diagnostics: readonly Diagnostic[] }) =>
  result.diagnostics.map((diagnostic) => `${diagnostic.code}: ${diagnostic.message}`);

/** A fake model: records each request and answers with `answer`. */
function createRecordingModel(
  answer: (request: ModelHookRequest) => Promise<ModelHookReply> | ModelHookReply,
) {
  const calls: ModelHookRequest[] = [];
  const evaluate: EvaluatePrompt = async (request) => {
    calls.push(request);
    return answer(request);
  };
  return { calls, evaluate };
}

/** A fake MCP client: records each call and answers with `answer`. */
function createRecordingClient(answer: (request: McpToolRequest) => Promise<McpToolResult>) {
  const calls: McpToolRequest[] = [];
  const callMcpTool: CallMcpTool = async (request) => {
    calls.push(request);
    return answer(request);
  };
  return { calls, callMcpTool };
}

async function createEngine(
  hooks: Record<string, unknown[]>,
  options: Partial<HookEngineOptions> = {},
): Promise<HookEngine> {
  const workspace = createTestWorkspace("model-handlers");
  const settings = workspace.writeJson("project/.claude/settings.json", { hooks });
  const engine = await createHookEngine({
    profile: "claude",
    configFiles: [settings],
    cwd: workspace.project,
    home: workspace.home,
    ...options,
  });
  engines.push(engine);
  return engine;
}

describe("prompt handlers", () => {
  it("deny a tool call on ok false, with the model's reason", async () => {
    const model = createRecordingModel(() => ({ ok: false, reason: "rm -rf is not allowed" }));
    const engine = await createEngine(
      { PreToolUse: [group("Bash", { type: "prompt", prompt: "Is this safe? $ARGUMENTS" })] },
      { evaluatePrompt: model.evaluate },
    );
    const result = await engine.dispatch("PreToolUse", bash("rm -rf /"));
    expect(result).toMatchObject({ decision: "deny", reason: "rm -rf is not allowed" });
    expect(result.runs.map((run) => run.status)).toEqual(["blocked"]);
    expect(model.calls).toHaveLength(1);
    const [call] = model.calls;
    expect(call?.event).toBe("PreToolUse");
    expect(call?.model).toBeNull();
    expect(call?.input).toMatchObject(bash("rm -rf /"));
    expect(call?.prompt.startsWith("Is this safe? {")).toBe(true);
    expect(call?.prompt).toContain('"command":"rm -rf /"');
  });

  it("decide nothing on ok true (the permission flow goes on)", async () => {
    const model = createRecordingModel(() => ({ ok: true, reason: "fine" }));
    const engine = await createEngine(
      { PreToolUse: [group("Bash", { type: "prompt", prompt: "Safe?", model: "fast-model" })] },
      { evaluatePrompt: model.evaluate },
    );
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result).toMatchObject({ decision: null, reason: null, continue: true });
    expect(result.runs.map((run) => run.status)).toEqual(["ok"]);
    expect(model.calls[0]?.model).toBe("fast-model");
    expect(model.calls[0]?.prompt).toMatch(/^Safe\?\n\n\{/);
  });

  it("keep a Stop going on ok false, the reason as the next instruction", async () => {
    const model = createRecordingModel(() => '{"ok": false, "reason": "Tests still fail"}');
    const engine = await createEngine(
      { Stop: [group(null, { type: "prompt", prompt: "Is all done? $ARGUMENTS" })] },
      { evaluatePrompt: model.evaluate },
    );
    const result = await engine.dispatch("Stop", { stop_hook_active: false });
    expect(result).toMatchObject({ decision: "block", reason: "Tests still fail" });
  });

  it("let a Stop end when the model says the condition is impossible", async () => {
    const model = createRecordingModel(() => ({
      ok: false,
      impossible: true,
      reason: "The branch it asks for does not exist",
    }));
    const engine = await createEngine(
      { Stop: [group(null, { type: "prompt", prompt: "Is all done?" })] },
      { evaluatePrompt: model.evaluate },
    );
    const result = await engine.dispatch("Stop", { stop_hook_active: false });
    expect(result.decision).toBeNull();
    expect(result.continue).toBe(true);
    expect(result.systemMessages).toEqual(["The branch it asks for does not exist"]);
  });

  it("end the turn on a PostToolUse ok false, or feed the reason back with continueOnBlock", async () => {
    const model = createRecordingModel(() => ({ ok: false, reason: "Lint fails" }));
    const engine = await createEngine(
      {
        PostToolUse: [
          group("Write", { type: "prompt", prompt: "Does it lint?" }),
          group("Edit", { type: "prompt", prompt: "Does it lint?", continueOnBlock: true }),
        ],
      },
      { evaluatePrompt: model.evaluate },
    );
    const write = await engine.dispatch("PostToolUse", {
      tool_name: "Write",
      tool_input: { file_path: "a.ts" },
      tool_response: {},
    });
    expect(write).toMatchObject({ decision: null, continue: false, stopReason: "Lint fails" });
    const edit = await engine.dispatch("PostToolUse", {
      tool_name: "Edit",
      tool_input: { file_path: "a.ts" },
      tool_response: {},
    });
    expect(edit).toMatchObject({ decision: "block", reason: "Lint fails", continue: true });
  });

  it("turn a model that throws into a non-blocking error", async () => {
    const model = createRecordingModel(() => {
      throw new Error("model overloaded");
    });
    const engine = await createEngine(
      { PreToolUse: [group("Bash", { type: "prompt", prompt: "Safe?" })] },
      { evaluatePrompt: model.evaluate },
    );
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.status)).toEqual(["error"]);
    expect(messages(result).join("\n")).toContain("model overloaded");
  });

  it("time out a slow model after the handler's timeout, deciding nothing", async () => {
    const model = createRecordingModel(
      (request) =>
        new Promise((_resolve, reject) => {
          request.signal.addEventListener("abort", () => reject(request.signal.reason));
        }),
    );
    const engine = await createEngine(
      { PreToolUse: [group("Bash", { type: "prompt", prompt: "Safe?", timeout: 0.05 })] },
      { evaluatePrompt: model.evaluate },
    );
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.status)).toEqual(["timeout"]);
    expect(model.calls[0]?.signal.aborted).toBe(true);
  });

  it("turn a reply that is not the expected JSON into a non-blocking error", async () => {
    const model = createRecordingModel(() => "Looks safe to me!");
    const engine = await createEngine(
      { PreToolUse: [group("Bash", { type: "prompt", prompt: "Safe?" })] },
      { evaluatePrompt: model.evaluate },
    );
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.status)).toEqual(["error"]);
    expect(messages(result).join("\n")).toContain("the model's reply is not");
  });

  it("are skipped, visibly, in a dispatch without evaluatePrompt", async () => {
    const engine = await createEngine({
      PreToolUse: [group("Bash", { type: "prompt", prompt: "Safe?" })],
    });
    expect(engine.diagnostics.map((diagnostic) => diagnostic.code)).toContain(
      "unsupported_handler_type",
    );
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.status)).toEqual(["skipped"]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "unsupported_handler_type",
        severity: "warning",
        path: "hooks.PreToolUse[0].hooks[0].type",
        message: expect.stringContaining(
          'handler type "prompt" needs the host\'s evaluatePrompt callback, which neither the engine nor this dispatch was given',
        ),
      }),
    ]);
  });

  it("run with a dispatch's evaluatePrompt where the engine has none, as the adapters lend the agent's model", async () => {
    const engine = await createEngine({
      PreToolUse: [group("Bash", { type: "prompt", prompt: "Safe? $ARGUMENTS" })],
    });
    const model = createRecordingModel(() => ({ ok: false, reason: "not on Fridays" }));
    const lent = await engine.dispatch("PreToolUse", bash("ls"), {
      hostCallbacks: { evaluatePrompt: model.evaluate },
    });
    expect(lent).toMatchObject({ decision: "deny", reason: "not on Fridays", diagnostics: [] });
    expect(model.calls).toHaveLength(1);
    // The next dispatch lends nothing: skipped again, the model not asked.
    const bare = await engine.dispatch("PreToolUse", bash("ls"));
    expect(bare.runs.map((run) => run.status)).toEqual(["skipped"]);
    expect(model.calls).toHaveLength(1);
  });

  it("are explained as skipped for the missing callback", async () => {
    const engine = await createEngine({
      PreToolUse: [group("Bash", { type: "prompt", prompt: "Safe?" })],
    });
    const explanation = await engine.explain("PreToolUse", bash("ls"));
    expect(explanation.entries).toHaveLength(1);
    expect(explanation.entries[0]).toMatchObject({ verdict: "skipped" });
    expect(explanation.entries[0]?.reasons[0]).toMatchObject({
      code: "unsupported_handler_type",
      path: "hooks.PreToolUse[0].hooks[0].type",
    });
  });

  it("keep the engine's evaluatePrompt over a dispatch's", async () => {
    const own = createRecordingModel(() => ({ ok: true }));
    const lent = createRecordingModel(() => ({ ok: false, reason: "lent" }));
    const engine = await createEngine(
      { PreToolUse: [group("Bash", { type: "prompt", prompt: "Safe?" })] },
      { evaluatePrompt: own.evaluate },
    );
    const result = await engine.dispatch("PreToolUse", bash("ls"), {
      hostCallbacks: { evaluatePrompt: lent.evaluate },
    });
    expect(result.decision).toBeNull();
    expect([own.calls.length, lent.calls.length]).toEqual([1, 0]);
  });
});

describe("agent handlers", () => {
  it("are answered by runAgentHook, not evaluatePrompt", async () => {
    const prompt = createRecordingModel(() => ({ ok: true }));
    const agent = createRecordingModel(() => ({ ok: false, reason: "Found a TODO left in a.ts" }));
    const engine = await createEngine(
      { Stop: [group(null, { type: "agent", prompt: "Check the work: $ARGUMENTS" })] },
      { evaluatePrompt: prompt.evaluate, runAgentHook: agent.evaluate },
    );
    const result = await engine.dispatch("Stop", { stop_hook_active: false });
    expect(result).toMatchObject({ decision: "block", reason: "Found a TODO left in a.ts" });
    expect(prompt.calls).toHaveLength(0);
    expect(agent.calls).toHaveLength(1);
    expect(agent.calls[0]?.event).toBe("Stop");
  });
});

describe("mcp_tool handlers", () => {
  const scan = {
    type: "mcp_tool",
    server: "policy",
    tool: "check_command",
    input: { command: "${tool_input.command}", session: "${session_id}", strict: true },
  };

  it("call the tool with the event's values and read its text like stdout", async () => {
    const deny = {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "Force pushes are not allowed",
      },
    };
    const client = createRecordingClient(async () => ({
      content: [{ type: "text", text: JSON.stringify(deny) }],
    }));
    const engine = await createEngine(
      { PreToolUse: [group("Bash", scan)] },
      { callMcpTool: client.callMcpTool },
    );
    const result = await engine.dispatch("PreToolUse", {
      ...bash("git push --force"),
      session_id: "session-7",
    });
    expect(result).toMatchObject({ decision: "deny", reason: "Force pushes are not allowed" });
    expect(client.calls).toHaveLength(1);
    expect(client.calls[0]).toMatchObject({
      server: "policy",
      tool: "check_command",
      input: { command: "git push --force", session: "session-7", strict: true },
    });
  });

  it("turn isError into a non-blocking error", async () => {
    const client = createRecordingClient(async () => ({
      content: [{ type: "text", text: "policy file missing" }],
      isError: true,
    }));
    const engine = await createEngine(
      { PreToolUse: [group("Bash", scan)] },
      { callMcpTool: client.callMcpTool },
    );
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.status)).toEqual(["error"]);
    expect(messages(result).join("\n")).toContain("policy file missing");
  });

  it("turn a rejected call (server not connected) into a non-blocking error naming the server", async () => {
    const client = createRecordingClient(async ({ server }) => {
      throw new Error(`MCP server ${server} is not connected`);
    });
    const engine = await createEngine(
      { PreToolUse: [group("Bash", scan)] },
      { callMcpTool: client.callMcpTool },
    );
    const result = await engine.dispatch("PreToolUse", bash("ls"));
    expect(result.decision).toBeNull();
    expect(result.runs.map((run) => run.status)).toEqual(["error"]);
    expect(messages(result).join("\n")).toContain('MCP server "policy"');
  });
});
