import type { HookCommand } from "../config/hook-definition.js";
import type { Diagnostic } from "../diagnostic.js";
import { type AggregatedVerdict, createUndecidedVerdict } from "./aggregate-verdicts.js";

/**
 * A combined decision: allow / deny / ask for permissions, defer to hand a tool call back to the
 * host's own permission flow (Claude Code's PreToolUse), block to keep a turn going.
 */
export type Decision = "allow" | "deny" | "ask" | "defer" | "block";

/** How one handler run ended, as listed in a dispatch result; `async`: started in the background, not awaited. */
export type RunStatus = "ok" | "blocked" | "error" | "timeout" | "skipped" | "async";

/** One handler of a dispatch, listed in configuration order. */
export interface RunSummary {
  /** `<event>:<group>:<handler>`, unique within an engine's configuration. */
  id: string;
  command: HookCommand;
  /** The configuration file the handler came from. */
  source: string;
  /** JSON path of the handler in `source`. */
  path: string;
  status: RunStatus;
  exitCode: number | null;
  signal: string | null;
  durationMs: number;
}

/** The combined outcome of one event: what the host should do, and what happened on the way. */
export interface DispatchResult {
  event: string;
  decision: Decision | null;
  reason: string | null;
  continue: boolean;
  stopReason: string | null;
  systemMessages: string[];
  additionalContext: string[];
  updatedInput: unknown;
  /**
   * Variables the handlers exported through their environment file (`CLAUDE_ENV_FILE`) for the
   * host to apply, merged in configuration order (a later handler's value wins); absent when none.
   */
  environment?: Record<string, string>;
  /**
   * The event's output fields the engine passes on without applying them (`watchPaths`,
   * `updatedToolOutput`, `worktreePath`, …, see `eventOutputFields`), checked against their
   * types and merged in configuration order (the first value wins, lists are concatenated);
   * absent when no handler returned one.
   */
  eventOutput?: Record<string, unknown>;
  runs: RunSummary[];
  diagnostics: Diagnostic[];
}

/** A result in which nothing ran and nothing was decided, carrying the diagnostics that say why. */
export function createEmptyDispatchResult(
  event: string,
  diagnostics: Diagnostic[],
): DispatchResult {
  return { event, ...createUndecidedVerdict(), runs: [], diagnostics };
}

/** A dispatch's result: the ruled verdict, the runs in configuration order, the diagnostics. */
export function createDispatchResult(
  event: string,
  ruled: AggregatedVerdict,
  runs: RunSummary[],
  diagnostics: Diagnostic[],
): DispatchResult {
  // Written out, not spread: this runs on every dispatch.
  return {
    event,
    decision: ruled.decision,
    reason: ruled.reason,
    continue: ruled.continue,
    stopReason: ruled.stopReason,
    systemMessages: ruled.systemMessages,
    additionalContext: ruled.additionalContext,
    updatedInput: ruled.updatedInput,
    ...(ruled.environment !== undefined && { environment: ruled.environment }),
    ...(ruled.eventOutput !== undefined && { eventOutput: ruled.eventOutput }),
    runs,
    diagnostics,
  };
}
