import { formatCommand } from "../shell/quote-shell-word.js";
import type { HookDefinition } from "./hook-definition.js";

const labelLimitCharacters = 80;

/**
 * Names a handler for messages, `PreToolUse hook "./guard.sh"` (`PreToolUse http hook "…"` for
 * another handler type), cutting a command over 80 characters in the middle so that its program
 * and its script and arguments stay visible; an argv list is shown as `formatCommand` writes it.
 */
export function describeHandler(
  hook: Pick<HookDefinition, "event" | "command" | "action">,
): string {
  const command = formatCommand(hook.command);
  const type = hook.action === undefined ? "" : `${hook.action.type} `;
  return `${hook.event} ${type}hook "${shortenInMiddle(command, labelLimitCharacters)}"`;
}

/** Where a handler is configured: `(/home/me/.deepagents/hooks.json hooks.PreToolUse[0].hooks[1])`. */
export function describeHandlerLocation(hook: Pick<HookDefinition, "file" | "path">): string {
  return `(${hook.file} ${hook.path})`;
}

// Counted in code points, so a surrogate pair is never split.
function shortenInMiddle(text: string, limit: number): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  const kept = limit - "...".length;
  const head = Math.floor(kept / 2);
  return `${characters.slice(0, head).join("")}...${characters.slice(head - kept).join("")}`;
}
