import type { FunctionTool, Tool, UnknownContext } from "@openai/agents";
import type { HookEngine } from "../../engine/engine.js";
import { parseToolArguments } from "../../event-stream/parse-tool-arguments.js";
import {
  createHookGuardrails,
  type OpenAIAgentsHooksOptions,
  type ToolCallFacts,
} from "./create-tool-guardrails.js";

/**
 * Attaches the hook guardrails to every function tool (other tools are returned as they are),
 * sets its `needsApproval` so a PreToolUse `ask` pauses the run on the SDK's tool approval (unless
 * `onAsk` answers it), and wraps its `invoke` so a PreToolUse rewrite (`updatedInput`) is what the
 * tool runs with and a tool that throws dispatches PostToolUseFailure.
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
  const askHandling = options.onAsk === undefined ? "interrupt" : "callback";
  const guardrails = createHookGuardrails<TContext>(engine, options, true, askHandling);
  return tools.map((tool) => {
    if (tool.type !== "function") return tool;
    const invoke: FunctionTool<TContext>["invoke"] = async (runContext, input, details) => {
      const toolCall = details?.toolCall;
      if (toolCall === undefined) return tool.invoke(runContext, input, details);
      const rewrite = await guardrails.readRewrite(toolCall.callId);
      try {
        return await tool.invoke(runContext, rewrite ?? input, details);
      } catch (error) {
        // A tool without an error function throws; the model is told, and the hooks see it.
        if (details?.signal?.aborted === true) throw error;
        const output = await guardrails.reportFailure(
          { ...facts(tool, toolCall.callId, rewrite ?? input), name: toolCall.name },
          error,
        );
        // A structured output cannot be replaced by text: the SDK handles the error as before.
        if (tool.outputSchema !== undefined) throw error;
        return output;
      }
    };
    const needsApproval: FunctionTool<TContext>["needsApproval"] = async (
      runContext,
      input,
      callId,
    ) => {
      if (callId === undefined) return tool.needsApproval(runContext, input, callId);
      const decision = await guardrails.decideCall(facts(tool, callId, input));
      if (decision === "ask") return askHandling === "interrupt";
      // A deny is refused by the guardrail; an allow skips the tool's own approval.
      if (decision === "deny" || decision === "allow") return false;
      return tool.needsApproval(runContext, input, callId);
    };
    return {
      ...tool,
      invoke,
      needsApproval,
      inputGuardrails: [...guardrails.inputGuardrails, ...(tool.inputGuardrails ?? [])],
      outputGuardrails: [...guardrails.outputGuardrails, ...(tool.outputGuardrails ?? [])],
    };
  });
}

function facts(tool: FunctionTool<never>, callId: string, input: unknown): ToolCallFacts {
  return { name: tool.name, callId, input: readInput(input), parameters: tool.parameters };
}

// The SDK passes the arguments as JSON text to `invoke` and parsed to `needsApproval`.
function readInput(input: unknown): unknown {
  if (typeof input !== "string") return input;
  const parsed = parseToolArguments(input);
  return parsed.ok ? parsed.value : input;
}
