import type { Diagnostic } from "../../diagnostic.js";
import type { ConfigSource } from "../discover-config-files.js";
import type { HttpHookPolicy } from "../http-hook-policy.js";

/** Why a source that was found is not loaded: hooks turned off, managed-only policy, an untrusted project. */
export type ExclusionReason = "hooks-off" | "managed-only" | "project-untrusted";

/** A hook source that discovery found but policy keeps from loading, with the diagnostic that says so. */
export interface ExcludedSource {
  source: ConfigSource;
  reason: ExclusionReason;
  diagnostic: Diagnostic;
}

/** What discovery found: the hook sources to parse, problems met on the way, and the hooks feature. */
export interface DiscoveredSources {
  /** Hook sources in configuration order; a source with a `document` needs no further reading. */
  sources: ConfigSource[];
  diagnostics: Diagnostic[];
  /** False when `[features] hooks = false` turns hooks off (then `sources` is empty). */
  hooksEnabled: boolean;
  /** Sources found (already read) but not loaded, for `explain` (ZeroCode plugins are not listed; Claude plugins are). */
  excluded?: ExcludedSource[];
  /** Claude Code's `allowedHttpHookUrls` and `httpHookAllowedEnvVars`, merged from every settings file read. */
  httpHookPolicy?: HttpHookPolicy;
}
