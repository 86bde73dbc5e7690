import type { DecisionKind, Profile } from "../profiles/profile.js";
import { copilotDecisionKinds, resolveCopilotEventName } from "./copilot-shim-events.js";
import { isProfileShimFormat, selectShimProfile } from "./shim-profiles.js";
import type { ShimFormatName } from "./shim-types.js";

/**
 * What an event can decide in a protocol: `permission` (allow, deny, ask a tool call), `block`
 * (refuse a prompt, keep a turn going, replace a tool result) or `none` (it only observes).
 */
export type ShimDecisionKind = "permission" | "block" | "none";

/** Gemini CLI's events by what they decide (geminicli.com/docs/hooks/reference). */
const geminiDecisionKinds = {
  BeforeTool: "permission",
  AfterTool: "block",
  BeforeAgent: "block",
  AfterAgent: "block",
  BeforeModel: "block",
  AfterModel: "block",
  BeforeToolSelection: "none",
  SessionStart: "none",
  SessionEnd: "none",
  Notification: "none",
  PreCompress: "none",
} as const satisfies Record<string, ShimDecisionKind>;

/**
 * Cursor's events that decide (cursor.com/docs/agent/hooks); every other one is fire-and-forget.
 * `stop` blocks through `followup_message`, `beforeSubmitPrompt` through `continue: false`.
 */
const cursorDecisionKinds = {
  beforeShellExecution: "permission",
  beforeMCPExecution: "permission",
  beforeReadFile: "permission",
  preToolUse: "permission",
  beforeSubmitPrompt: "block",
  stop: "block",
  subagentStop: "block",
} as const satisfies Record<string, ShimDecisionKind>;

const kindOfDecision = {
  permission: "permission",
  "permission-request": "permission",
  block: "block",
  none: "none",
} as const satisfies Record<DecisionKind, ShimDecisionKind>;

/**
 * What an event, as a protocol names it, can decide; `none` for an event the protocol lacks.
 *
 * @example
 * ```ts
 * resolveShimDecisionKind("cursor", "beforeShellExecution"); // "permission"
 * resolveShimDecisionKind("gemini", "AfterAgent"); // "block"
 * ```
 */
export function resolveShimDecisionKind(format: ShimFormatName, event: string): ShimDecisionKind {
  if (isProfileShimFormat(format)) return readProfileKind(selectShimProfile(format), event);
  switch (format) {
    case "gemini":
      return Object.hasOwn(geminiDecisionKinds, event)
        ? geminiDecisionKinds[event as keyof typeof geminiDecisionKinds]
        : "none";
    case "cursor":
      return Object.hasOwn(cursorDecisionKinds, event)
        ? cursorDecisionKinds[event as keyof typeof cursorDecisionKinds]
        : "none";
    case "copilot": {
      const name = resolveCopilotEventName(event);
      return name === null ? "none" : (copilotDecisionKinds[name] ?? "none");
    }
  }
}

function readProfileKind(profile: Profile, event: string): ShimDecisionKind {
  const spec = Object.hasOwn(profile.events, event) ? profile.events[event] : undefined;
  return spec === undefined ? "none" : kindOfDecision[spec.decisionKind];
}
