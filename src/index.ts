export {
  type DetectedProfile,
  detectProfile,
  type ProfileMarker,
} from "./config/detect-profile.js";
export type { ConfigSource } from "./config/discover-config-files.js";
export type { HookCommand, HookDefinition } from "./config/hook-definition.js";
export { type FrontmatterHooks, readFrontmatterHooks } from "./config/read-frontmatter-hooks.js";
export type {
  Decision,
  DispatchResult,
  RunStatus,
  RunSummary,
} from "./decide/dispatch-result.js";
export {
  type Diagnostic,
  type DiagnosticCode,
  type DiagnosticSeverity,
  diagnosticCodes,
} from "./diagnostic.js";
export {
  type AsyncHookOutput,
  type CallMcpTool,
  createHookEngine,
  type DispatchOptions,
  type EvaluatePrompt,
  type HookEngine,
  type HookEngineOptions,
  type HostCallbacks,
  type McpToolRequest,
  type McpToolResult,
  type ModelHookReply,
  type ModelHookRequest,
  type RunEnd,
  type RunStart,
} from "./engine/engine.js";
export type {
  ExplainEntry,
  ExplainOptions,
  ExplainReason,
  ExplainReasonKind,
  HookExplanation,
} from "./explain/explain-hooks.js";
export type { HookScope, ScopedHookSet, ScopedHooksOptions } from "./match/scoped-hook-sets.js";
export type { SpanLike, TracerLike, TracingOption } from "./observe/trace-dispatch.js";
export { claudeProfile } from "./profiles/claude.js";
export { codexProfile } from "./profiles/codex.js";
export { copilotProfile } from "./profiles/copilot.js";
export { cursorProfile } from "./profiles/cursor.js";
export { deepagentsProfile } from "./profiles/deepagents.js";
export {
  defineProfile,
  type ProfileFacts,
  profileDefaults,
} from "./profiles/define-profile.js";
export type {
  BlockEffect,
  ConfigLocation,
  DecisionKind,
  EventSpec,
  FieldRules,
  OutputFieldMapping,
  PayloadFields,
  PlainStdout,
  Profile,
  SpillRules,
  StrictOutputRules,
} from "./profiles/profile.js";
export { findProfile, type ProfileName, profiles } from "./profiles/profiles.js";
export { vscodeProfile } from "./profiles/vscode.js";
export { zerocodeProfile } from "./profiles/zerocode.js";
export {
  createReport,
  type ReportModel,
  type ReportOptions,
  type ReportResult,
  type SkippedLine,
} from "./report/index.js";
export type { HookTrust, HookTrustState } from "./trust/evaluate-hook-trust.js";
