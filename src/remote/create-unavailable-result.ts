import { createEmptyDispatchResult, type DispatchResult } from "../decide/dispatch-result.js";
import { createDiagnostic } from "../diagnostic.js";
import type { EventSpec } from "../profiles/profile.js";

/** What a remote engine decides when the hooks cannot be reached: nothing, or deny. */
export type FailMode = "open" | "closed";

/**
 * The result of a dispatch whose hooks could not run remotely: no decision and a
 * `remote_unavailable` error, or, when failing closed, a deny for the events that allow or deny
 * a tool call (`PreToolUse`, `PermissionRequest`).
 */
export function createUnavailableResult(
  event: string,
  spec: EventSpec,
  failMode: FailMode,
  reason: string,
): DispatchResult {
  const deniable = spec.decisionKind === "permission" || spec.decisionKind === "permission-request";
  const denies = failMode === "closed" && deniable;
  const result = createEmptyDispatchResult(event, [
    createDiagnostic(
      "remote_unavailable",
      "error",
      `The ${event} hooks did not run: ${reason}${denies ? "; denied (failMode closed)" : ""}`,
    ),
  ]);
  if (denies) {
    result.decision = "deny";
    result.reason = `Denied because the hooks could not be reached (${reason}) and the remote engine fails closed`;
  }
  return result;
}
