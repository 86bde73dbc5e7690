import { describe, expect, it } from "vitest";
import type { ModelHookAction } from "../config/hook-definition.js";
import { askModelHook } from "./ask-model-hook.js";
import type { EvaluatePrompt, ModelHookReply, ModelHookRequest } from "./host-callbacks.js";
import type { HookActionRequest } from "./run-hook-action.js";

const payload = { hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" } };

function createRequest(
  overrides: Partial<HookActionRequest<ModelHookAction>> = {},
  action: Partial<ModelHookAction> = {},
): HookActionRequest<ModelHookAction> {
  return {
    action: {
      type: "prompt",
      prompt: "Judge: $ARGUMENTS",
      model: null,
      continueOnBlock: null,
      ...action,
    },
    event: "PreToolUse",
    input: JSON.stringify(payload),
    payload,
    env: {},
    timeoutMs: 5_000,
    captureLimitBytes: 1024,
    signal: new AbortController().signal,
    ...overrides,
  };
}

/** A fake model that records each request and answers with `answer`. */
function createRecordingModel(answer: (request: ModelHookRequest) => Promise<ModelHookReply>) {
  const calls: ModelHookRequest[] = [];
  const evaluate: EvaluatePrompt = (request) => {
    calls.push(request);
    return answer(request);
  };
  return { calls, evaluate };
}

/** Resolves when the request's signal aborts, never otherwise (a model that ignores nothing). */
function waitForAbort(request: ModelHookRequest): Promise<ModelHookReply> {
  return new Promise((_resolve, reject) => {
    request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
  });
}

describe("askModelHook", () => {
  it("sends the built prompt, the model, the payload and the event", async () => {
    const model = createRecordingModel(async () => ({ ok: true }));
    await askModelHook(createRequest({}, { model: "fast-model" }), model.evaluate);
    expect(model.calls).toHaveLength(1);
    const [call] = model.calls;
    expect(call).toMatchObject({
      prompt: `Judge: ${JSON.stringify(payload)}`,
      model: "fast-model",
      input: payload,
      event: "PreToolUse",
    });
    expect(call?.signal).toBeInstanceOf(AbortSignal);
    expect(call?.signal.aborted).toBe(false);
  });

  it("appends the event JSON to a prompt without $ARGUMENTS", async () => {
    const model = createRecordingModel(async () => ({ ok: true }));
    await askModelHook(createRequest({}, { prompt: "Is this safe?" }), model.evaluate);
    expect(model.calls[0]?.prompt).toBe(`Is this safe?\n\n${JSON.stringify(payload)}`);
  });

  it("writes an object reply as JSON on stdout with exit 0", async () => {
    const model = createRecordingModel(async () => ({ ok: false, reason: "no" }));
    const outcome = await askModelHook(createRequest(), model.evaluate);
    expect(outcome).toMatchObject({
      exitCode: 0,
      stdout: '{"ok":false,"reason":"no"}',
      stderr: "",
      timedOut: false,
      cancelled: false,
      spawnError: null,
    });
  });

  it("keeps a text reply as it is", async () => {
    const model = createRecordingModel(async () => '  {"ok": true}\n');
    const outcome = await askModelHook(createRequest(), model.evaluate);
    expect(outcome).toMatchObject({ exitCode: 0, stdout: '  {"ok": true}\n' });
  });

  it("turns a rejected call into exit 1 with the error on stderr", async () => {
    const model = createRecordingModel(async () => {
      throw new Error("rate limited");
    });
    const outcome = await askModelHook(createRequest(), model.evaluate);
    expect(outcome).toMatchObject({ exitCode: 1, stdout: "" });
    expect(outcome.stderr).toBe("the model call failed: rate limited");
  });

  it("turns a callback that throws before returning a promise into exit 1", async () => {
    const evaluate: EvaluatePrompt = () => {
      throw new TypeError("bad host");
    };
    const outcome = await askModelHook(createRequest(), evaluate);
    expect(outcome).toMatchObject({ exitCode: 1, stderr: "the model call failed: bad host" });
  });

  it("times out a slow model, aborting its signal", async () => {
    const model = createRecordingModel(waitForAbort);
    const outcome = await askModelHook(createRequest({ timeoutMs: 20 }), model.evaluate);
    expect(outcome).toMatchObject({ exitCode: null, timedOut: true, cancelled: false });
    expect(model.calls[0]?.signal.aborted).toBe(true);
  });

  it("times out a model that ignores its signal", async () => {
    const model = createRecordingModel(() => new Promise<ModelHookReply>(() => {}));
    const outcome = await askModelHook(createRequest({ timeoutMs: 20 }), model.evaluate);
    expect(outcome).toMatchObject({ exitCode: null, timedOut: true });
  });

  it("is cancelled when the engine closes", async () => {
    const closing = new AbortController();
    const model = createRecordingModel((request) => {
      closing.abort();
      return waitForAbort(request);
    });
    const outcome = await askModelHook(createRequest({ signal: closing.signal }), model.evaluate);
    expect(outcome).toMatchObject({ exitCode: null, cancelled: true, timedOut: false });
    expect(model.calls[0]?.signal.aborted).toBe(true);
  });

  it("does not call the model once the engine has closed", async () => {
    const closing = new AbortController();
    closing.abort();
    const model = createRecordingModel(async () => ({ ok: true }));
    const outcome = await askModelHook(createRequest({ signal: closing.signal }), model.evaluate);
    expect(outcome.cancelled).toBe(true);
    expect(model.calls).toHaveLength(0);
  });

  it("names the missing callback when the host gave none", async () => {
    const prompt = await askModelHook(createRequest(), undefined);
    expect(prompt.spawnError).toBe("the host gave no evaluatePrompt callback for prompt handlers");
    const agent = await askModelHook(createRequest({}, { type: "agent" }), undefined);
    expect(agent.spawnError).toBe("the host gave no runAgentHook callback for agent handlers");
  });

  it("keeps a long reply to the capture limit", async () => {
    const reason = "x".repeat(5_000);
    const model = createRecordingModel(async () => ({ ok: false, reason }));
    const outcome = await askModelHook(createRequest({ captureLimitBytes: 100 }), model.evaluate);
    expect(outcome).toMatchObject({ exitCode: 0, stdoutTruncated: true });
    expect(outcome.stdout).toHaveLength(100);
    expect(outcome.stdoutBytes).toBe(JSON.stringify({ ok: false, reason }).length);
  });

  it("fails a reply JSON cannot hold", async () => {
    const evaluate = (async () => ({ ok: 1n })) as unknown as EvaluatePrompt;
    const outcome = await askModelHook(createRequest(), evaluate);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toContain("cannot be written as JSON");
  });
});
