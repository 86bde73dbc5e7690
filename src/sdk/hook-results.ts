import type { HookResult } from "./hook-types.js";

/** Refuses the action (PreToolUse / PermissionRequest deny; elsewhere a block) with a reason. */
export function deny(reason: string): HookResult {
  return { decision: "deny", reason };
}

/** Asks the user to confirm the tool call (PreToolUse), with a reason shown to them. */
export function ask(reason: string): HookResult {
  return { decision: "ask", reason };
}

/**
 * Hands the tool call back to the host's own permission flow (PreToolUse, where the profile applies
 * `defer`: Claude Code), with a reason.
 *
 * @example
 * ```ts
 * export default defineHook({ event: "PreToolUse", profile: "claude", run: () => defer("not mine") });
 * ```
 */
export function defer(reason: string): HookResult {
  return { decision: "defer", reason };
}

/** Allows the action, optionally with a rewritten tool input (`updatedInput`). */
export function allow(
  options: { updatedInput?: Record<string, unknown>; reason?: string } = {},
): HookResult {
  return {
    decision: "allow",
    ...(options.updatedInput !== undefined && { updatedInput: options.updatedInput }),
    ...(options.reason !== undefined && { reason: options.reason }),
  };
}

/** Blocks: a prompt is refused, a Stop keeps the agent working with the reason as its next instruction. */
export function block(reason: string): HookResult {
  return { decision: "block", reason };
}

/** Adds text to the model's context. */
export function addContext(text: string): HookResult {
  return { additionalContext: text };
}

/** Stops the agent altogether (`continue: false`), telling the user why. */
export function stop(reason: string): HookResult {
  return { stopReason: reason };
}
