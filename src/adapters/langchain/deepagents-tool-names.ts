import { deepagentsProfile } from "../../profiles/deepagents.js";

/**
 * Deep Agents' built-in tool names and the public names hooks see and match on (`Bash`, `Write`,
 * `Edit`, …), as in the Deep Agents Code hooks reference.
 */
export const deepagentsToolNames = {
  // The names the Deep Agents profile already maps, then the tools only an in-process agent has.
  ...deepagentsProfile.toolNameAliases,
  delete: "Delete",
  task: "Task",
  write_todos: "TodoWrite",
} as const satisfies Record<string, string>;

/**
 * The public name of a tool: the caller's map first, then Deep Agents' built-in names, else the
 * tool's own name (custom and `mcp__<server>__<tool>` tools keep theirs).
 */
export function resolvePublicToolName(
  name: string,
  toolNameMap: Readonly<Record<string, string>> = {},
): string {
  if (Object.hasOwn(toolNameMap, name)) return toolNameMap[name] ?? name;
  if (Object.hasOwn(deepagentsToolNames, name)) {
    return deepagentsToolNames[name as keyof typeof deepagentsToolNames];
  }
  return name;
}
