export {
  defineHook,
  type HookScriptDefinition,
  runHook,
} from "./define-hook.js";
export {
  definePersistentHook,
  type PersistentHookDefinition,
  type PersistentHookStreams,
} from "./define-persistent-hook.js";
export { addContext, allow, ask, block, defer, deny, stop } from "./hook-results.js";
export type {
  CommonHookInput,
  HookDecision,
  HookEventName,
  HookEventOutput,
  HookInput,
  HookOutcome,
  HookOutput,
  HookProfileName,
  HookResult,
} from "./hook-types.js";
export { readStandardInput } from "./read-standard-input.js";
export { renderHookResult } from "./render-hook-result.js";
