// The adapter's public exports; index.ts loads this module so a missing framework gets a clear error.
export {
  createStopHook,
  type StopHook,
  type StopHookOptions,
  type StopVerdict,
} from "../shared/create-stop-hook.js";
export type { AdapterErrorHandler } from "../shared/dispatch-safely.js";
export type { PostToolBlockEffect } from "../shared/read-tool-feedback.js";
export {
  type ApprovalRequest,
  createToolGuardrails,
  type HookGuardrails,
  type OpenAIAgentsHooksOptions,
} from "./create-tool-guardrails.js";
export {
  type AgentTurn,
  type RunWithStopHooksOptions,
  runWithStopHooks,
  type StopHookRun,
} from "./run-with-stop-hooks.js";
export { withHooks } from "./with-hooks.js";
