// The adapter's public exports; index.ts loads this module so a missing framework gets a clear error.

export type { PromptEvaluatorOptions } from "../shared/create-model-prompt-evaluator.js";
export * from "../shared/tool-adapter-exports.js";
export { createPromptEvaluator, type PromptHookModel } from "./create-prompt-evaluator.js";
export { createSessionHooks } from "./create-session-hooks.js";
export {
  type ApprovalRequest,
  createToolGuardrails,
  type HookGuardrails,
  type OpenAIAgentsHooksOptions,
} from "./create-tool-guardrails.js";
export {
  type CompletedTurn,
  type RefusedTurn,
  type RunWithHooksOptions,
  runWithHooks,
} from "./run-with-hooks.js";
export {
  type AgentTurn,
  type RunWithStopHooksOptions,
  runWithStopHooks,
  type StopHookRun,
} from "./run-with-stop-hooks.js";
export { withHooks } from "./with-hooks.js";
