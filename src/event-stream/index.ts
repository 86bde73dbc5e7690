export {
  type ConfigForm,
  type ConfigFormReport,
  detectConfigForm,
  type MixedFormMark,
} from "../config/detect-config-form.js";
export { capToolOutput, defaultOutputLimit, truncationMarker } from "./cap-tool-output.js";
export {
  createEventDispatcher,
  defaultTimeoutSeconds,
  type EventDispatcher,
  type EventDispatcherOptions,
  type EventPayload,
} from "./create-event-dispatcher.js";
export {
  createToolEventTracker,
  type ToolCallState,
  type ToolEventTracker,
  type TrackedToolCall,
} from "./create-tool-event-tracker.js";
export { dispatchUserNameSet } from "./dispatch-user-name-set.js";
export type { EventDiagnostic, EventDiagnosticListener } from "./event-diagnostic.js";
export type { EventHook } from "./event-hook.js";
export {
  type EventDelivery,
  type EventStreamEventName,
  eventStreamEvents,
} from "./event-stream-events.js";
export { type LoadedEventHooks, loadEventHooks } from "./load-event-hooks.js";
export {
  type MigrationIssue,
  type MigrationResult,
  migrateEventHooks,
} from "./migrate-event-hooks.js";
export { type ParsedEventHooks, parseEventHooks } from "./parse-event-hooks.js";
