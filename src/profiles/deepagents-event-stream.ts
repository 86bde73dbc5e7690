import type { EventStreamProfile } from "./event-stream-profile.js";

/**
 * The Deep Agents event stream: list-form hooks in `~/.deepagents/hooks.json`, twelve dotted
 * events, observe-only handlers run as argv.
 *
 * @example
 * ```ts
 * deepagentsEventStreamProfile.events.unordered.includes("tool.use"); // true
 * ```
 */
export const deepagentsEventStreamProfile = {
  name: "deepagents-event-stream",
  title: "Deep Agents event stream",
  events: {
    // The host awaits these in program order (session.end last, once, at shutdown).
    ordered: [
      "session.start",
      "session.end",
      "user.prompt",
      "task.complete",
      "context.offload",
      "context.compact",
      "permission.request",
    ],
    // Fire-and-forget: the tool events, onboarding, and input.required on the headless surface.
    unordered: ["tool.use", "tool.result", "tool.error", "user.name.set", "input.required"],
  },
  finalEvent: "session.end",
  // Long enough for an adapter posting to a slow service; bounded so that a stuck hook cannot
  // hold the ordered queue, drain or shutdown forever.
  defaultTimeoutSeconds: 60,
  killGraceMs: 1000,
  captureLimitBytes: 16 * 1024,
  stderrLimitCharacters: 500,
  // The host's HOOK_TOOL_OUTPUT_LIMIT.
  toolOutputLimitCharacters: 2000,
  truncationMarker: "…[output truncated]",
} as const satisfies EventStreamProfile;
