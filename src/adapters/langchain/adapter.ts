// The adapter's public exports; index.ts loads this module so a missing framework gets a clear error.

export type { PromptEvaluatorOptions } from "../shared/create-model-prompt-evaluator.js";
export {
  type AddHooksToSubagentsOptions,
  addHooksToSubagents,
  type GeneralPurposeSpec,
  type SubagentSpecLike,
} from "./add-hooks-to-subagents.js";
export {
  createHooksMiddleware,
  type HooksMiddleware,
  type HooksMiddlewareOptions,
} from "./create-hooks-middleware.js";
export { createPromptEvaluator, type PromptHookModel } from "./create-prompt-evaluator.js";
export { deepagentsToolNames, resolvePublicToolName } from "./deepagents-tool-names.js";
export type { SessionEndReason } from "./end-session.js";
export type { InterruptOnTable } from "./guard-interrupt-on.js";
export { type HookMessageKind, isHookMessage } from "./hook-messages.js";
export type { HookDispatchRecord, MiddlewareEventStream } from "./middleware-context.js";
export type { ToolApproval } from "./request-tool-approval.js";
export type { HookNotification } from "./send-notification.js";
