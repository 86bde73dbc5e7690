import type { HookDefinition } from "../config/hook-definition.js";
import type { EventSpec, Profile } from "../profiles/profile.js";
import type { ProcessOutcome } from "../run/process-outcome.js";
import { type ModelReply, parseModelReply } from "./parse-model-reply.js";

/** What a model reply's meaning depends on: the handler (its action), its event and the profile. */
export interface ModelReplyContext {
  hook: HookDefinition;
  spec: EventSpec;
  profile: Profile;
}

/**
 * Turns the outcome of a `prompt` or `agent` handler, whose stdout is the model's reply
 * `{ ok, reason, impossible }`, into the outcome a command with the same meaning would have
 * produced for the event, so `interpretOutcome` reads it like any exit (Claude Code's rules):
 *
 * - `ok: true`: exit 0, no output; nothing is decided (on PreToolUse the permission flow goes on);
 * - `ok: false` on PreToolUse: a deny with the reason (returned to the model as the tool error);
 * - on PermissionRequest: `decision.behavior: "deny"` with the reason as its message;
 * - on Stop and SubagentStop: a block, the reason the model's next instruction; with
 *   `impossible: true`, no block (the turn ends) and the reason as a `systemMessage`;
 * - elsewhere: `continue: false` with the reason as `stopReason` (the turn ends, the user sees
 *   the reason); with `continueOnBlock: true`, the event's own block instead (the reason goes to
 *   the model and the turn goes on).
 *
 * A reply that is not such JSON is a non-blocking error (exit 1, the problem on stderr). An
 * outcome that is not a reply (a failure, a timeout) or of another handler type is returned as is.
 *
 * @example
 * ```ts
 * const outcome = translateModelReply(await askModelHook(request, evaluate), { hook, spec, profile });
 * const verdict = interpretOutcome(outcome, { hook, spec, profile, toolName });
 * ```
 */
export function translateModelReply(
  outcome: ProcessOutcome,
  context: ModelReplyContext,
): ProcessOutcome {
  const { action } = context.hook;
  if (action?.type !== "prompt" && action?.type !== "agent") return outcome;
  const replied =
    outcome.exitCode === 0 &&
    outcome.spawnError === null &&
    !outcome.timedOut &&
    !outcome.cancelled;
  if (!replied) return outcome;
  if (outcome.stdoutTruncated && outcome.stdoutDroppedOnlyWhitespace !== true) {
    return withError(
      outcome,
      `the model's reply of ${outcome.stdoutBytes} bytes is over the capture limit of ${context.profile.captureLimitBytes} bytes`,
    );
  }
  const parsed = parseModelReply(outcome.stdout);
  if (!parsed.success) {
    return withError(
      outcome,
      `the model's reply is not {"ok": true | false, "reason"?: string}: ${parsed.error}: ${excerpt(outcome.stdout)}`,
    );
  }
  if (parsed.reply.ok) return withStdout(outcome, "");
  return translateRefusal(outcome, parsed.reply, context, action.continueOnBlock === true);
}

// What `ok: false` means for the event, written the way a command would say it.
function translateRefusal(
  outcome: ProcessOutcome,
  reply: ModelReply,
  context: ModelReplyContext,
  continueOnBlock: boolean,
): ProcessOutcome {
  const { hook, spec, profile } = context;
  const reason =
    reply.reason ?? `The ${hook.event} ${hook.action?.type} hook's condition was not met`;
  const hookEventName = hook.event;
  if (spec.decisionKind === "permission") {
    return withJson(outcome, {
      hookSpecificOutput: {
        hookEventName,
        permissionDecision: "deny",
        permissionDecisionReason: reason,
      },
    });
  }
  if (spec.decisionKind === "permission-request") {
    return withJson(outcome, {
      hookSpecificOutput: { hookEventName, decision: { behavior: "deny", message: reason } },
    });
  }
  if (isStopEvent(hook.event, spec, profile)) {
    // The condition can never be met: keeping the turn going would only loop.
    if (reply.impossible) return withJson(outcome, { systemMessage: reason });
    return withEventBlock(outcome, spec, reason);
  }
  const canStop = spec.honorsContinue && spec.topLevelFields.supported.includes("continue");
  if (continueOnBlock || !canStop) return withEventBlock(outcome, spec, reason);
  return withJson(outcome, { continue: false, stopReason: reason });
}

// Stop, and the event Stop is dispatched as for a subagent (SubagentStop): a block keeps going.
function isStopEvent(event: string, spec: EventSpec, profile: Profile): boolean {
  if (spec.countsContinuations) return true;
  return Object.values(profile.events).some((row) => row.subagentEvent === event);
}

// The event's own block: top-level `decision: "block"` where the event reads it there, else exit
// 2 with the reason on stderr, which every event's block effect defines.
function withEventBlock(outcome: ProcessOutcome, spec: EventSpec, reason: string): ProcessOutcome {
  if (spec.decisionKind === "block" && spec.blockFields !== "specific") {
    return withJson(outcome, { decision: "block", reason });
  }
  return {
    ...withStdout(outcome, ""),
    exitCode: 2,
    stderr: reason,
    stderrBytes: byteLength(reason),
  };
}

function withJson(outcome: ProcessOutcome, output: Record<string, unknown>): ProcessOutcome {
  return withStdout(outcome, JSON.stringify(output));
}

function withStdout(outcome: ProcessOutcome, stdout: string): ProcessOutcome {
  const { stdoutDroppedOnlyWhitespace: _dropped, ...rest } = outcome;
  return { ...rest, stdout, stdoutTruncated: false, stdoutBytes: byteLength(stdout) };
}

function withError(outcome: ProcessOutcome, message: string): ProcessOutcome {
  return {
    ...withStdout(outcome, ""),
    exitCode: 1,
    stderr: message,
    stderrBytes: byteLength(message),
  };
}

function excerpt(text: string): string {
  const flat = text.trim().replace(/\s+/g, " ");
  return flat.length <= 120 ? JSON.stringify(flat) : `${JSON.stringify(flat.slice(0, 117))}...`;
}

function byteLength(text: string): number {
  return Buffer.byteLength(text);
}
