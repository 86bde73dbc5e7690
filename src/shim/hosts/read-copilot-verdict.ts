import { isRecord } from "../../shared/is-record.js";
import { createShimVerdict } from "../create-shim-verdict.js";
import { readHookJson } from "../read-hook-json.js";
import type { ShimRunOutcome, ShimVerdict } from "../shim-types.js";
import { resolveCopilotEventName } from "./copilot-events.js";
import { readDecisionKind, type ShimHost } from "./shim-host.js";

/** Copilot CLI events that read `additionalContext` from a hook's output. */
const contextEvents = ["subagentStart", "notification", "postToolUseFailure"];

/** Each deciding event's output fields (docs.github.com, Copilot CLI hooks reference). */
const outputFields: Readonly<Record<string, readonly string[]>> = {
  preToolUse: ["permissionDecision", "permissionDecisionReason", "modifiedArgs"],
  permissionRequest: ["behavior", "message", "interrupt"],
  agentStop: ["decision", "reason"],
  subagentStop: ["decision", "reason"],
};

/**
 * Reads a Copilot CLI hook's exit code and output (docs.github.com, "GitHub Copilot CLI hooks
 * reference", 2026): `preToolUse`'s `permissionDecision` / `permissionDecisionReason` /
 * `modifiedArgs`, `permissionRequest`'s `behavior` / `message` / `interrupt` (exit 2 denies),
 * `agentStop` / `subagentStop`'s `decision: "block"` and `reason`, `additionalContext` where an
 * event takes it (exit 2 on `postToolUseFailure` gives stderr as guidance). Copilot CLI logs and
 * skips any other failing exit, so it decides nothing; output that cannot be read on an event that
 * can block is a `failure`.
 *
 * @example
 * ```ts
 * readCopilotVerdict(copilotHost, "preToolUse", { exitCode: 0, stdout: '{"permissionDecision":"deny","permissionDecisionReason":"no"}',
 *   stderr: "", timedOut: false, truncated: false, spawnError: null });
 * // { decision: "deny", reason: "no", … }
 * ```
 */
export function readCopilotVerdict(
  host: Pick<ShimHost, "events" | "decisions">,
  hookEvent: string,
  outcome: ShimRunOutcome,
): ShimVerdict {
  const event = resolveCopilotEventName(host, hookEvent) ?? hookEvent;
  const kind = readDecisionKind(host, event);
  const verdict = createShimVerdict();
  const stderr = outcome.stderr.trim();
  const json = readHookJson(outcome.stdout);
  if (outcome.exitCode === 2 && event === "permissionRequest") {
    // "stdout JSON (if any) is merged with {"behavior":"deny"}, and stderr is ignored".
    const message = json.kind === "object" ? json.value.message : undefined;
    verdict.decision = "deny";
    verdict.reason =
      typeof message === "string" && message.trim() !== ""
        ? message
        : "Blocked by the hook (exit code 2)";
    return verdict;
  }
  if (outcome.exitCode === 2 && event === "postToolUseFailure") {
    if (stderr !== "") verdict.additionalContext.push(stderr);
    return verdict;
  }
  if (outcome.exitCode !== 0) {
    const note = stderr === "" ? "" : `: ${stderr}`;
    verdict.problems.push(
      `exited with code ${String(outcome.exitCode)} (Copilot CLI logs and skips a failing hook)${note}`,
    );
    return verdict;
  }
  if (json.kind === "empty") return verdict;
  if (json.kind === "unreadable") {
    if (kind === "none") verdict.problems.push(json.why);
    else verdict.failure = json.why;
    return verdict;
  }
  const output = json.value;
  const known = [
    ...(outputFields[event] ?? []),
    ...(contextEvents.includes(event) ? ["additionalContext"] : []),
  ];
  for (const key of Object.keys(output)) {
    if (!known.includes(key)) verdict.problems.push(`${key} is not read on Copilot CLI's ${event}`);
  }
  if (contextEvents.includes(event) && typeof output.additionalContext === "string") {
    verdict.additionalContext.push(output.additionalContext);
  }
  const failure = readDecision(event, output, verdict);
  if (failure !== null) {
    verdict.failure = failure;
    verdict.decision = null;
  }
  return verdict;
}

/** Copies the event's decision into the verdict; returns why it cannot be read, or null. */
function readDecision(
  event: string,
  output: Readonly<Record<string, unknown>>,
  verdict: ShimVerdict,
): string | null {
  switch (event) {
    case "preToolUse": {
      const decision = output.permissionDecision;
      if (
        decision !== undefined &&
        decision !== "allow" &&
        decision !== "deny" &&
        decision !== "ask"
      ) {
        return `returned permissionDecision ${JSON.stringify(decision)}, which is not allow, deny or ask`;
      }
      if (decision !== undefined) verdict.decision = decision;
      if (typeof output.permissionDecisionReason === "string") {
        verdict.reason = output.permissionDecisionReason;
      }
      if (output.modifiedArgs !== undefined) {
        if (!isRecord(output.modifiedArgs)) return "returned modifiedArgs that is not an object";
        verdict.updatedInput = output.modifiedArgs;
      }
      return null;
    }
    case "permissionRequest": {
      const behavior = output.behavior;
      if (behavior !== undefined && behavior !== "allow" && behavior !== "deny") {
        return `returned behavior ${JSON.stringify(behavior)}, which is not allow or deny`;
      }
      if (behavior !== undefined) verdict.decision = behavior;
      if (typeof output.message === "string") verdict.reason = output.message;
      if (behavior === "deny" && output.interrupt === true) verdict.continue = false;
      return null;
    }
    case "agentStop":
    case "subagentStop": {
      const decision = output.decision;
      if (decision !== undefined && decision !== "block" && decision !== "allow") {
        return `returned decision ${JSON.stringify(decision)}, which is not block or allow`;
      }
      if (decision === "block") {
        verdict.decision = "block";
        if (typeof output.reason === "string") verdict.reason = output.reason;
      }
      return null;
    }
    default:
      return null;
  }
}
