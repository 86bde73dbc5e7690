import { stringifyOutput } from "../../event-stream/stringify-output.js";
import type { ToolFeedback } from "../shared/read-tool-feedback.js";

/**
 * The text the model sees in place of a tool's output when PostToolUse hooks gave feedback: the
 * output (unless the block replaces it), then one line per reason and context.
 */
export function formatToolFeedback(
  output: unknown,
  feedback: ToolFeedback | null,
  additionalContext: readonly string[],
): string {
  const lines = [
    ...(feedback?.reason != null
      ? [`PostToolUse hook blocked this result: ${feedback.reason}`]
      : []),
    ...additionalContext.map((context) => `Hook context: ${context}`),
  ];
  if (feedback?.replacesOutput === true) return lines.join("\n");
  return `${stringifyOutput(output)}\n\n${lines.join("\n")}`;
}
