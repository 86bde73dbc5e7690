import { createShimVerdict } from "./create-shim-verdict.js";
import { shimHosts } from "./hosts/shim-hosts.js";
import { readOutcomeFailure } from "./read-outcome-failure.js";
import type { ShimFormatName, ShimRunOutcome, ShimVerdict } from "./shim-types.js";

/** A finished hook run and the protocol it was written for. */
export interface HookVerdictInput {
  /** The protocol the hook script was written for. */
  hook: ShimFormatName;
  /** The event as the hook's protocol names it (`PreToolUse`, `BeforeTool`, `beforeShellExecution`). */
  hookEvent: string;
  outcome: ShimRunOutcome;
}

/**
 * What a hook decided, read from its exit code and output in its own protocol; a run that cannot
 * be read (no start, timeout, kill, cut or unreadable output on an event that can block) sets
 * `failure`, never a silent allow; the protocol's host module (`hosts/<name>.ts`) reads the rest.
 *
 * @example
 * ```ts
 * readHookVerdict({
 *   hook: "claude",
 *   hookEvent: "PreToolUse",
 *   outcome: {
 *     exitCode: 0,
 *     stdout: '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no rm"}}',
 *     stderr: "",
 *     timedOut: false,
 *     truncated: false,
 *     spawnError: null,
 *   },
 * });
 * // { decision: "deny", reason: "no rm", failure: null, … }
 * ```
 */
export function readHookVerdict(input: HookVerdictInput): ShimVerdict {
  const failure = readOutcomeFailure(input.outcome);
  if (failure !== null) return createShimVerdict({ failure });
  return shimHosts[input.hook].readVerdict(input.hookEvent, input.outcome);
}
