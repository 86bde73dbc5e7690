import { defaultPermissionDecisions, type EventSpec } from "../profiles/profile.js";
import { profiles } from "../profiles/profiles.js";
import type { HookOutcome, HookProfileName, HookResult } from "./hook-types.js";
import { placeEventOutput } from "./place-event-output.js";

/**
 * Writes a hook result as the JSON (or exit code 2 and stderr) the profile reads for the event:
 * a permission in `hookSpecificOutput`, a PermissionRequest `decision.behavior`, a block at the
 * top level or inside `hookSpecificOutput` (VS Code Stop), the event output fields of `output` in
 * `hookSpecificOutput` (a PermissionRequest's in its `decision`, WorktreeCreate's path as plain
 * stdout). A field the event does not take is an error (exit 1), as is a `defer` it cannot apply.
 *
 * @example
 * ```ts
 * renderHookResult({ output: { watchPaths: ["/repo/.envrc"] } }, "SessionStart", "claude").stdout;
 * // '{"hookSpecificOutput":{"hookEventName":"SessionStart","watchPaths":["/repo/.envrc"]}}\n'
 * ```
 */
export function renderHookResult(
  result: HookResult<unknown> | undefined,
  event: string,
  profileName: HookProfileName,
): HookOutcome {
  const events: Readonly<Record<string, EventSpec>> = profiles[profileName].events;
  const spec = events[event];
  if (result === undefined) return { exitCode: 0, stdout: "", stderr: "" };
  if (spec === undefined) {
    return failure(`event ${event} is not an event of the ${profileName} profile`);
  }
  const placed = placeEventOutput(result.output, event, spec, profileName);
  if (placed.kind === "refused") return failure(placed.message);
  const top: Record<string, unknown> = {};
  const specific: Record<string, unknown> = {};
  const decisionOutput = Object.keys(placed.decision);
  const hasOutput =
    Object.keys(placed.specific).length > 0 ||
    decisionOutput.length > 0 ||
    placed.plain !== undefined;
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
          ...placed.decision,
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
        if (hasOutput) {
          return failure(
            `${event} cannot return output with a ${decision}: its exit code 2 drops stdout`,
          );
        }
        // The event cannot decide: exit code 2 hands the reason to the engine (feedback or ignored).
        return { exitCode: 2, stdout: "", stderr: `${reason}\n` };
      }
    }
  }
  Object.assign(specific, placed.specific);
  if (decisionOutput.length > 0 && specific.decision === undefined) {
    return failure(
      `${event} takes output ${decisionOutput.join(", ")} in its decision: return it with an allow or a deny`,
    );
  }
  const plainContext =
    result.additionalContext !== undefined && specific.additionalContext === undefined;
  if (placed.plain !== undefined) {
    if (Object.keys(top).length > 0 || Object.keys(specific).length > 0 || plainContext) {
      return failure(
        `${event} prints its output ${spec.plainStdoutField} as plain stdout: return it alone`,
      );
    }
    return { exitCode: 0, stdout: `${placed.plain}\n`, stderr: "" };
  }
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
