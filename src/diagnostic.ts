/** How serious a diagnostic is: `error` means something configured will not run as written. */
export type DiagnosticSeverity = "error" | "warning" | "info";

/** Every diagnostic code the engine emits; stable and documented in docs/configuration.md. */
export const diagnosticCodes = [
  "config_not_found",
  "invalid_json",
  "invalid_config",
  "unknown_event",
  "unknown_field",
  "unsupported_handler_type",
  "invalid_matcher",
  "matcher_unsafe",
  "matcher_ignored",
  "matcher_unknown_tool",
  "invalid_if",
  "if_not_supported",
  "script_not_found",
  "script_not_executable",
  "spawn_failed",
  "nonzero_exit",
  "timeout",
  "invalid_output",
  "output_truncated",
  "unsupported_field",
  "block_ignored",
  "decision_overridden",
  "continuation_cap",
  "duplicate_handler",
  "engine_closed",
  "invalid_toml",
  "mixed_hook_sources",
  "hooks_disabled",
  "deprecated_field",
  "project_untrusted",
  "invalid_plugin",
  "timeout_clamped",
  "hook_untrusted",
  "hook_modified",
  "hook_disabled",
  "hooks_need_review",
  "trust_bypassed",
  "spill_failed",
  "invalid_payload",
  "list_form_config",
  "decision_form_config",
  "mixed_config_forms",
  "audit_log_failed",
  "remote_unavailable",
  "http_url_refused",
  "http_env_var_refused",
  "async_output",
  "async_decision_ignored",
  "environment_file",
  "event_budget",
  "prewarm_unsafe",
  "bash_syntax",
  "output_left_open",
] as const;

/** A stable diagnostic code. */
export type DiagnosticCode = (typeof diagnosticCodes)[number];

/** A problem found while loading configuration or running hooks, with where it came from. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: DiagnosticSeverity;
  message: string;
  /** The configuration file the problem is in, or null when it is not tied to a file. */
  file: string | null;
  /** The JSON path inside `file`, such as `hooks.PreToolUse[1].matcher`, or null. */
  path: string | null;
}

/** Builds a diagnostic; `file` and `path` default to null. */
export function createDiagnostic(
  code: DiagnosticCode,
  severity: DiagnosticSeverity,
  message: string,
  where: { file?: string | null; path?: string | null } = {},
): Diagnostic {
  return { code, severity, message, file: where.file ?? null, path: where.path ?? null };
}
