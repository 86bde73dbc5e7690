import type { QueuedAsyncOutput } from "./async-output-queue.js";
import { createHandlerDiagnostic } from "./create-handler-diagnostic.js";
import type { DispatchResult } from "./dispatch-result.js";

/**
 * Puts the output of async handlers that ended since the session's last dispatch in front of a
 * dispatch result: their context and system messages first (they happened earlier), then one
 * `async_output` info diagnostic per handler, followed by what its run reported.
 *
 * @example
 * ```ts
 * const result = mergeAsyncOutput(dispatched, queue.take(sessionId));
 * ```
 */
export function mergeAsyncOutput(
  result: DispatchResult,
  delivered: readonly QueuedAsyncOutput[],
): DispatchResult {
  if (delivered.length === 0) return result;
  const context = delivered.flatMap((output) =>
    output.additionalContext === null ? [] : [output.additionalContext],
  );
  const messages = delivered.flatMap((output) =>
    output.systemMessage === null ? [] : [output.systemMessage],
  );
  const diagnostics = delivered.flatMap((output) => [
    createHandlerDiagnostic(
      output.hook,
      "async_output",
      "info",
      `ran in the background (async); its output is delivered with this ${result.event} dispatch${describeDelivered(output)}`,
    ),
    ...output.diagnostics,
  ]);
  return {
    ...result,
    additionalContext: [...context, ...result.additionalContext],
    systemMessages: [...messages, ...result.systemMessages],
    diagnostics: [...diagnostics, ...result.diagnostics],
  };
}

function describeDelivered(output: QueuedAsyncOutput): string {
  const fields = [
    output.additionalContext === null ? null : "additionalContext",
    output.systemMessage === null ? null : "systemMessage",
  ].filter((field) => field !== null);
  return fields.length === 0 ? " (no context or message)" : ` (${fields.join(" and ")})`;
}
