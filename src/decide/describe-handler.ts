import type { HookDefinition } from "../config/hook-definition.js";

/** Names a handler for messages: `PreToolUse hook "./guard.sh"`. */
export function describeHandler(hook: Pick<HookDefinition, "event" | "command">): string {
  const command = typeof hook.command === "string" ? hook.command : hook.command.join(" ");
  const short = command.length > 80 ? `${command.slice(0, 77)}...` : command;
  return `${hook.event} hook "${short}"`;
}

/** Where a handler is configured: `(/home/me/.deepagents/hooks.json hooks.PreToolUse[0].hooks[1])`. */
export function describeHandlerLocation(hook: Pick<HookDefinition, "file" | "path">): string {
  return `(${hook.file} ${hook.path})`;
}
