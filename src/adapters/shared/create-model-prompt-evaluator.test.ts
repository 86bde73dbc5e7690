import { describe, expect, it } from "vitest";
import type { ModelHookRequest } from "../../run/host-callbacks.js";
import {
  createModelPromptEvaluator,
  definePromptEvaluator,
  type ModelQuestion,
  promptHookInstruction,
} from "./create-model-prompt-evaluator.js";

function request(fields: Partial<ModelHookRequest> = {}): ModelHookRequest {
  return {
    prompt: 'Is this safe? {"tool_name":"Bash"}',
    model: null,
    input: { tool_name: "Bash" },
    event: "PreToolUse",
    signal: new AbortController().signal,
    ...fields,
  };
}

/** A model stand-in that records what it was asked and answers from a function. */
function createRecordingAsk(answer: (model: string) => Promise<string>) {
  const asked: { model: string; question: ModelQuestion }[] = [];
  const ask = async (model: string, question: ModelQuestion) => {
    asked.push({ model, question });
    return answer(model);
  };
  return { ask, asked };
}

describe("createModelPromptEvaluator", () => {
  it("sends the instruction and the prompt, and returns the reply without its fence", async () => {
    const { ask, asked } = createRecordingAsk(
      async () => '```json\n{"ok": false, "reason": "no"}\n```',
    );
    const evaluate = createModelPromptEvaluator("default", {}, ask);
    const signal = new AbortController().signal;

    await expect(evaluate(request({ signal }))).resolves.toBe('{"ok": false, "reason": "no"}');

    expect(asked).toEqual([
      {
        model: "default",
        question: {
          instruction: promptHookInstruction,
          prompt: 'Is this safe? {"tool_name":"Bash"}',
          signal,
        },
      },
    ]);
    expect(promptHookInstruction).toContain('{"ok": true, "reason"');
    expect(promptHookInstruction).toContain('{"ok": false, "reason"');
  });

  it("ignores the hook's model without resolveModel", async () => {
    const { ask, asked } = createRecordingAsk(async () => '{"ok": true}');
    const evaluate = createModelPromptEvaluator("default", {}, ask);
    await evaluate(request({ model: "haiku" }));
    expect(asked.map((entry) => entry.model)).toEqual(["default"]);
  });

  it("asks the model resolveModel picks for the hook's model name, else the default", async () => {
    const { ask, asked } = createRecordingAsk(async () => '{"ok": true}');
    const evaluate = createModelPromptEvaluator(
      "default",
      { resolveModel: (name) => (name === "haiku" ? "small" : undefined) },
      ask,
    );
    await evaluate(request({ model: "haiku" }));
    await evaluate(request({ model: "opus" }));
    await evaluate(request());
    expect(asked.map((entry) => entry.model)).toEqual(["small", "default", "default"]);
  });

  it("rejects without asking when the signal is already aborted", async () => {
    const { ask, asked } = createRecordingAsk(async () => '{"ok": true}');
    const evaluate = createModelPromptEvaluator("default", {}, ask);
    const controller = new AbortController();
    controller.abort(new Error("hook timed out"));
    await expect(evaluate(request({ signal: controller.signal }))).rejects.toThrow(
      "hook timed out",
    );
    expect(asked).toEqual([]);
  });

  it("rejects at the abort even when the model never answers", async () => {
    const { ask } = createRecordingAsk(() => new Promise<string>(() => {}));
    const evaluate = createModelPromptEvaluator("default", {}, ask);
    const controller = new AbortController();
    const pending = evaluate(request({ signal: controller.signal }));
    controller.abort(new Error("engine closed"));
    await expect(pending).rejects.toThrow("engine closed");
  });

  it("passes on the model's failure", async () => {
    const { ask } = createRecordingAsk(async () => {
      throw new Error("rate limited");
    });
    const evaluate = createModelPromptEvaluator("default", {}, ask);
    await expect(evaluate(request())).rejects.toThrow("rate limited");
  });
});

describe("definePromptEvaluator", () => {
  it("makes a createPromptEvaluator whose evaluators ask their own model, options optional", async () => {
    const { ask, asked } = createRecordingAsk(
      async (model) => `{"ok": true, "reason": "${model}"}`,
    );
    const createPromptEvaluator = definePromptEvaluator(ask);
    const plain = createPromptEvaluator("default");
    const resolving = createPromptEvaluator("other", { resolveModel: () => "small" });

    await expect(plain(request({ model: "haiku" }))).resolves.toBe(
      '{"ok": true, "reason": "default"}',
    );
    await resolving(request({ model: "haiku" }));
    await resolving(request());
    expect(asked.map((entry) => entry.model)).toEqual(["default", "small", "other"]);
  });
});
