// The adapter's public exports; index.ts loads this module so a missing framework gets a clear error.
export * from "../shared/tool-adapter-exports.js";
export type { AiSdkHooksOptions, ToolCallFacts } from "./hook-tool.js";
export {
  type HookDenial,
  type HookFeedback,
  type HookToolResult,
  isHookToolResult,
} from "./hook-tool-result.js";
export {
  type GeneratedTurn,
  type RunWithStopHooksOptions,
  runWithStopHooks,
  type StopHookRun,
} from "./run-with-stop-hooks.js";
export { type HookedToolSet, withHooks } from "./with-hooks.js";
