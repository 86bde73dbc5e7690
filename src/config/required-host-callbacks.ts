/** The name of a host callback a handler type needs (an engine option of the same name). */
export type HostCallbackName = "evaluatePrompt" | "runAgentHook" | "callMcpTool";

/** The host callback each handler type that is neither a process nor a request needs. */
export const requiredHostCallbacks = {
  prompt: "evaluatePrompt",
  agent: "runAgentHook",
  mcp_tool: "callMcpTool",
} as const satisfies Readonly<Record<string, HostCallbackName>>;

/**
 * The host callback a handler type needs, or undefined for `command` and `http`.
 *
 * @example
 * ```ts
 * findRequiredHostCallback("prompt"); // "evaluatePrompt"
 * ```
 */
export function findRequiredHostCallback(type: string): HostCallbackName | undefined {
  return Object.hasOwn(requiredHostCallbacks, type)
    ? requiredHostCallbacks[type as keyof typeof requiredHostCallbacks]
    : undefined;
}
