import type { ModelHookAction } from "../config/hook-definition.js";
import { buildModelPrompt } from "./build-model-prompt.js";
import { callWithDeadline } from "./call-with-deadline.js";
import { createCallOutcome } from "./create-call-outcome.js";
import { describeError } from "./describe-error.js";
import type { EvaluatePrompt, ModelHookReply } from "./host-callbacks.js";
import type { ProcessOutcome } from "./process-outcome.js";
import type { HookActionRequest } from "./run-hook-action.js";

/**
 * Asks the host's model to answer a `prompt` or `agent` handler: builds the prompt from the event
 * JSON, calls `evaluate` with a signal aborted at the handler's timeout or the engine's close,
 * and describes the answer as an exit: the reply (object or text) on stdout with exit 0, a
 * thrown or rejected call as exit 1 with its message on stderr, a timeout as `timedOut`. The
 * reply is not read here: `decide/translate-model-reply.ts` gives it its meaning for the event.
 *
 * @example
 * ```ts
 * const outcome = await askModelHook(request, async ({ prompt }) => ({ ok: !prompt.includes("rm -rf") }));
 * // outcome.stdout === '{"ok":true}'
 * ```
 */
export async function askModelHook(
  request: HookActionRequest<ModelHookAction>,
  evaluate: EvaluatePrompt | undefined,
): Promise<ProcessOutcome> {
  const { action, captureLimitBytes } = request;
  if (evaluate === undefined) {
    const option = action.type === "agent" ? "runAgentHook" : "evaluatePrompt";
    const spawnError = `the host gave no ${option} callback for ${action.type} handlers`;
    return createCallOutcome({ exitCode: null, spawnError, durationMs: 0 }, captureLimitBytes);
  }
  const prompt = buildModelPrompt(action.prompt, request.input);
  const result = await callWithDeadline(
    (signal) =>
      evaluate({
        prompt,
        model: action.model,
        input: request.payload,
        event: request.event,
        signal,
      }),
    request.timeoutMs,
    request.signal,
  );
  const { durationMs } = result;
  switch (result.kind) {
    case "timeout":
      return createCallOutcome({ exitCode: null, timedOut: true, durationMs }, captureLimitBytes);
    case "cancelled":
      return createCallOutcome({ exitCode: null, cancelled: true, durationMs }, captureLimitBytes);
    case "error": {
      const stderr = `the model call failed: ${describeError(result.error)}`;
      return createCallOutcome({ exitCode: 1, stderr, durationMs }, captureLimitBytes);
    }
    case "value": {
      const stdout = serializeReply(result.value);
      if (stdout === null) {
        const stderr = "the model call resolved with a reply that cannot be written as JSON";
        return createCallOutcome({ exitCode: 1, stderr, durationMs }, captureLimitBytes);
      }
      return createCallOutcome({ exitCode: 0, stdout, durationMs }, captureLimitBytes);
    }
  }
}

// A host written in plain JavaScript may resolve with anything: text stays text, anything else
// is written as JSON, and a value JSON cannot hold (a cycle, a BigInt, undefined) is a failure.
function serializeReply(reply: ModelHookReply): string | null {
  if (typeof reply === "string") return reply;
  try {
    return JSON.stringify(reply) ?? null;
  } catch {
    return null;
  }
}
