import type { FunctionTool, Tool, UnknownContext } from "@openai/agents";
import type { HookEngine } from "../../engine.js";
import { createHookGuardrails, type OpenAIAgentsHooksOptions } from "./create-tool-guardrails.js";

/**
 * Attaches the hook guardrails to every function tool (other tools are returned as they are) and
 * wraps each one's `invoke` so a PreToolUse rewrite (`updatedInput`) is what the tool runs with.
 *
 * @example
 * ```ts
 * const agent = new Agent({
 *   name: "coder",
 *   model,
 *   tools: withHooks(engine, [bashTool, writeTool], { toolNameMap: { bash: "Bash" } }),
 * });
 * const result = await run(agent, "Clean the build folder");
 * ```
 */
export function withHooks<TContext = UnknownContext>(
  engine: HookEngine,
  tools: readonly Tool<TContext>[],
  options: OpenAIAgentsHooksOptions = {},
): Tool<TContext>[] {
  const guardrails = createHookGuardrails<TContext>(engine, options, true);
  return tools.map((tool) => {
    if (tool.type !== "function") return tool;
    const invoke: FunctionTool<TContext>["invoke"] = async (runContext, input, details) => {
      const callId = details?.toolCall?.callId;
      const rewrite = callId === undefined ? null : await guardrails.readRewrite(callId);
      return tool.invoke(runContext, rewrite ?? input, details);
    };
    return {
      ...tool,
      invoke,
      inputGuardrails: [...guardrails.inputGuardrails, ...(tool.inputGuardrails ?? [])],
      outputGuardrails: [...guardrails.outputGuardrails, ...(tool.outputGuardrails ?? [])],
    };
  });
}
