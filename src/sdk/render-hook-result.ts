import { defaultPermissionDecisions, type EventSpec } from "../profiles/profile.js";
import { profiles } from "../profiles/profiles.js";
import type { HookOutcome, HookProfileName, HookResult } from "./hook-types.js";

/**
 * Writes a hook result as the JSON (or exit code 2 and stderr) the profile reads for the event:
 * a permission in `hookSpecificOutput`, a PermissionRequest `decision.behavior`, a block at the
 * top level or inside `hookSpecificOutput` (VS Code Stop).
 */
export function renderHookResult(
  result: HookResult | undefined,
  event: string,
  profileName: HookProfileName,
): HookOutcome {
  const events: Readonly<Record<string, EventSpec>> = profiles[profileName].events;
  const spec = events[event];
  if (result === undefined) return { exitCode: 0, stdout: "", stderr: "" };
  if (spec === undefined) {
    return failure(`event ${event} is not an event of the ${profileName} profile`);
  }
  const top: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  if (result.stopReason !== undefined) {
    top.continue = false;
    top.stopReason = result.stopReason;
  }
  if (result.systemMessage !== undefined) top.systemMessage = result.systemMessage;
  if (result.additionalContext !== undefined) {
    if (spec.specificFields.supported.includes("additionalContext")) {
      specific.additionalContext = result.additionalContext;
    } else if (spec.plainStdout !== "context") {
      return failure(`${event} takes no additionalContext in the ${profileName} profile`);
    }
  }
  const decision = result.decision;
  const reason = result.reason ?? "";
  if (decision === "defer" && !appliesDefer(spec)) {
    return failure(`${event} cannot defer in the ${profileName} profile`);
  }
  if (decision !== undefined) {
    switch (spec.decisionKind) {
      case "permission": {
        const permission = decision === "block" ? "deny" : decision;
        specific.permissionDecision = permission;
        if (result.reason !== undefined) specific.permissionDecisionReason = result.reason;
        if (result.updatedInput !== undefined) specific.updatedInput = result.updatedInput;
        break;
      }
      case "permission-request": {
        // An ask leaves the request to the user: no decision is written.
        if (decision === "ask") break;
        const behavior = decision === "allow" ? "allow" : "deny";
        specific.decision = {
          behavior,
          ...(result.reason !== undefined && { message: result.reason }),
          ...(result.updatedInput !== undefined && { updatedInput: result.updatedInput }),
        };
        break;
      }
      case "block": {
        if (decision === "allow") break;
        if (decision === "ask") return failure(`${event} cannot ask in the ${profileName} profile`);
        const target = spec.blockFields === "specific" ? specific : top;
        target.decision = "block";
        target.reason = reason;
        break;
      }
      case "none": {
        if (decision === "allow") break;
        if (decision === "ask") return failure(`${event} cannot ask in the ${profileName} profile`);
        // The event cannot decide: exit code 2 hands the reason to the engine (feedback or ignored).
        return { exitCode: 2, stdout: "", stderr: `${reason}\n` };
      }
    }
  }
  const plainContext =
    result.additionalContext !== undefined && specific.additionalContext === undefined;
  if (Object.keys(specific).length > 0)
    top.hookSpecificOutput = { hookEventName: event, ...specific };
  if (plainContext && Object.keys(top).length === 0) {
    return { exitCode: 0, stdout: `${result.additionalContext}\n`, stderr: "" };
  }
  if (plainContext) {
    return failure(
      `${event} takes additionalContext only as plain output in the ${profileName} profile`,
    );
  }
  if (Object.keys(top).length === 0) return { exitCode: 0, stdout: "", stderr: "" };
  return { exitCode: 0, stdout: `${JSON.stringify(top)}\n`, stderr: "" };
}

function appliesDefer(spec: EventSpec): boolean {
  const rules: Readonly<Record<string, "apply" | "unsupported">> =
    spec.permissionDecisions ?? defaultPermissionDecisions;
  return spec.decisionKind === "permission" && rules.defer === "apply";
}

function failure(message: string): HookOutcome {
  return { exitCode: 1, stdout: "", stderr: `agent-hooks/sdk: ${message}\n` };
}
