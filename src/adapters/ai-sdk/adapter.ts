// The adapter's public exports; index.ts loads this module so a missing framework gets a clear error.

export type { PromptEvaluatorOptions } from "../shared/create-model-prompt-evaluator.js";
export * from "../shared/tool-adapter-exports.js";
export { createPromptEvaluator } from "./create-prompt-evaluator.js";
export { createSessionHooks } from "./create-session-hooks.js";
export type { AiSdkHooksOptions, ToolCallFacts } from "./hook-tool.js";
export {
  type HookDenial,
  type HookFeedback,
  type HookToolResult,
  isHookToolResult,
} from "./hook-tool-result.js";
export {
  type CompletedTurn,
  type HookedGeneration,
  type RefusedTurn,
  type RunWithHooksOptions,
  runWithHooks,
} from "./run-with-hooks.js";
export {
  type GeneratedTurn,
  type RunWithStopHooksOptions,
  runWithStopHooks,
  type StopHookRun,
} from "./run-with-stop-hooks.js";
export { type HookedToolSet, withHooks } from "./with-hooks.js";
