import type { DispatchResult } from "../decide/dispatch-result.js";
import { parseRemoteAnswer, type RemoteAnswer } from "./parse-remote-answer.js";
import {
  dispatchResultSchema,
  type InitializeResult,
  initializeResultSchema,
} from "./protocol-schema.js";

export { diagnosticSchema, type InitializeResult } from "./protocol-schema.js";

/** Checks an answer from the hook side (untrusted JSON) against the `DispatchResult` shape. */
export function parseDispatchResult(value: unknown): RemoteAnswer<DispatchResult> {
  const parsed = parseRemoteAnswer(dispatchResultSchema, "DispatchResult", value);
  if (!parsed.ok) return parsed;
  const { environment, eventOutput, ...result } = parsed.value;
  return {
    ok: true,
    value: {
      ...result,
      updatedInput: result.updatedInput ?? null,
      ...(environment !== undefined && { environment }),
      ...(eventOutput !== undefined && { eventOutput }),
    },
  };
}

/** Checks a `hooks/initialize` answer (untrusted JSON). */
export function parseInitializeResult(value: unknown): RemoteAnswer<InitializeResult> {
  return parseRemoteAnswer(initializeResultSchema, "InitializeResult", value);
}
