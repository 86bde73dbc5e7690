// The public exports of the shared adapter code, re-exported by each adapter built on it (the AI
// SDK and OpenAI Agents adapters), so they are listed in one place.

export type { ModelSessionHooksOptions } from "./create-model-session-hooks.js";
export type {
  SessionEndReason,
  SessionHooks,
  SessionHooksOptions,
  SessionNotification,
  SessionStartSource,
  TurnStartVerdict,
} from "./create-session-hooks.js";
export {
  createStopHook,
  type StopHook,
  type StopHookOptions,
  type StopVerdict,
} from "./create-stop-hook.js";
export type { AdapterErrorHandler } from "./dispatch-safely.js";
export type { PostToolBlockEffect } from "./read-tool-feedback.js";
