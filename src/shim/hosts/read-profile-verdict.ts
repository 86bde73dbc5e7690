import { describeHandler, describeHandlerLocation } from "../../config/describe-handler.js";
import type { HookDefinition } from "../../config/hook-definition.js";
import type { HandlerVerdict } from "../../decide/handler-verdict.js";
import { interpretOutcome } from "../../decide/interpret-outcome.js";
import type { Diagnostic } from "../../diagnostic.js";
import { findEventSpec } from "../../profiles/find-event-spec.js";
import type { Profile } from "../../profiles/profile.js";
import { isRecord } from "../../shared/is-record.js";
import { createShimVerdict } from "../create-shim-verdict.js";
import type { ShimRunOutcome, ShimVerdict } from "../shim-types.js";

/** Diagnostic codes that mean the output could not be read as the hook meant it. */
const unreadableCodes: readonly Diagnostic["code"][] = ["invalid_output", "output_truncated"];

/**
 * Reads the exit code and output of a hook written for a format with an engine profile (Claude
 * Code, Codex, Deep Agents Code, ZeroCode, VS Code) with the engine's own reading
 * (`interpretOutcome` on the format's profile), as a format-neutral verdict;
 * output it cannot read on an event that can block is a `failure`.
 *
 * @example
 * ```ts
 * readProfileVerdict(claudeProfile, "PreToolUse", { exitCode: 2, stderr: "no", stdout: "", timedOut: false, truncated: false, spawnError: null });
 * // { decision: "deny", reason: "no", … }
 * ```
 */
export function readProfileVerdict(
  profile: Profile,
  hookEvent: string,
  outcome: ShimRunOutcome,
): ShimVerdict {
  const spec = findEventSpec(profile, hookEvent);
  if (spec === undefined) {
    return createShimVerdict({ failure: `"${hookEvent}" is not a ${profile.title} event` });
  }
  const hook = createShimHookDefinition(hookEvent);
  const handlerVerdict = interpretOutcome(
    {
      exitCode: outcome.exitCode,
      signal: null,
      timedOut: false,
      cancelled: false,
      spawnError: null,
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      stdoutTruncated: false,
      stderrTruncated: false,
      stdoutBytes: Buffer.byteLength(outcome.stdout),
      stderrBytes: Buffer.byteLength(outcome.stderr),
      durationMs: 0,
    },
    // The shim has no tool schema: a rewrite goes to the host, which checks it against its own
    // (VS Code's Local harness ignores one that does not match).
    { hook, spec, profile, toolName: null, validateToolInput: acceptToolInput },
  );
  const canBlock = spec.decisionKind !== "none";
  const messages = handlerVerdict.diagnostics.map((diagnostic) => ({
    code: diagnostic.code,
    text: stripHandlerLabel(diagnostic.message, hook).replace(/; it is ignored$/, ""),
  }));
  const verdict = createShimVerdict({
    reason: handlerVerdict.reason,
    userMessage: handlerVerdict.systemMessage,
    additionalContext:
      handlerVerdict.additionalContext === null ? [] : [handlerVerdict.additionalContext],
    continue: handlerVerdict.continue,
    stopReason: handlerVerdict.stopReason,
    updatedInput: isRecord(handlerVerdict.updatedInput) ? handlerVerdict.updatedInput : null,
  });
  copyDecision(handlerVerdict, verdict);
  const unreadable = messages.filter((message) => unreadableCodes.includes(message.code));
  const stdout = outcome.stdout.trim();
  const plainIgnored =
    outcome.exitCode === 0 &&
    stdout !== "" &&
    !stdout.startsWith("{") &&
    spec.plainStdout === "ignored";
  // Exit 0 with output the engine could not apply (a failed run) is unreadable too, and so is an
  // exit 2 the profile fails (Codex's `strictOutput`: exit 2 with nothing on stderr).
  const failedRead =
    (outcome.exitCode === 0 || outcome.exitCode === 2) && handlerVerdict.status === "error";
  if (canBlock && (unreadable.length > 0 || failedRead || plainIgnored)) {
    const why = [...unreadable, ...(failedRead ? messages : [])].map((message) => message.text);
    if (plainIgnored) why.push("printed text that is not JSON");
    verdict.failure = [...new Set(why)].join("; ") || "returned output that could not be read";
    verdict.decision = null;
    return verdict;
  }
  verdict.problems.push(...messages.map((message) => message.text));
  return verdict;
}

function copyDecision(handlerVerdict: HandlerVerdict, verdict: ShimVerdict): void {
  const decision = handlerVerdict.decision;
  if (decision === "defer") {
    verdict.problems.push("deferred the decision; the host's own permission flow decides");
    return;
  }
  verdict.decision = decision;
}

function acceptToolInput(): boolean {
  return true;
}

// The shim runs one command, so messages drop the engine's handler label and location.
function createShimHookDefinition(event: string): HookDefinition {
  return {
    event,
    matcher: null,
    if: null,
    command: "hook",
    timeoutMs: 0,
    statusMessage: null,
    cwd: null,
    additionalContextLimit: null,
    persistent: false,
    trust: "none",
    env: {},
    file: "shim",
    layer: "shim",
    path: "hook",
    groupPath: "hook",
    groupIndex: 0,
    handlerIndex: 0,
  };
}

function stripHandlerLabel(message: string, hook: HookDefinition): string {
  const prefix = `${describeHandler(hook)} `;
  const suffix = ` ${describeHandlerLocation(hook)}`;
  const start = message.startsWith(prefix) ? prefix.length : 0;
  const end = message.endsWith(suffix) ? message.length - suffix.length : message.length;
  return message.slice(start, end);
}
