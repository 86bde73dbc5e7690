import { shimHosts } from "./hosts/shim-hosts.js";
import type { ShimFormatName, TranslatedPayload } from "./shim-types.js";

/**
 * Writes a canonical (Claude Code) payload in a hook's protocol: the event as the hook's agent
 * names it, its field names, tool names and input shapes, by the hook's host module
 * (`hosts/<name>.ts`); `ok: false` when the protocol has no counterpart of the event.
 *
 * @example
 * ```ts
 * writeHookPayload("gemini", "PreToolUse", { tool_name: "Bash", tool_input: { command: "ls" } });
 * // { ok: true, hookEvent: "BeforeTool", payload: { tool_name: "run_shell_command", … }, problems: [] }
 * ```
 */
export function writeHookPayload(
  format: ShimFormatName,
  event: string,
  canonical: Record<string, unknown>,
): TranslatedPayload {
  const hook = shimHosts[format];
  const toolName = typeof canonical.tool_name === "string" ? canonical.tool_name : null;
  const hookEvent = hook.events.writeName(event, toolName);
  if (hookEvent === null) {
    return { ok: false, error: `${hook.title} has no counterpart of the ${event} event` };
  }
  return hook.writePayload(hookEvent, event, canonical);
}
