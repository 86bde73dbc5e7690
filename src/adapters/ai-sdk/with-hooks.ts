import type { Tool, ToolSet } from "ai";
import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { HookEngine } from "../../engine/engine.js";
import { createCallCache } from "../shared/create-call-cache.js";
import { type AiSdkHooksOptions, hookTool } from "./hook-tool.js";
import type { HookToolResult } from "./hook-tool-result.js";
import { lendModel } from "./lend-model.js";

/** A tool set whose tools may return a {@link HookToolResult} instead of their own result. */
export type HookedToolSet<TOOLS extends ToolSet> = {
  [KEY in keyof TOOLS]: TOOLS[KEY] extends Tool<infer INPUT, infer OUTPUT>
    ? Tool<INPUT, OUTPUT | HookToolResult>
    : TOOLS[KEY];
};

/**
 * Wraps Vercel AI SDK tools so every call goes through the engine's hooks: PreToolUse before
 * `execute` (deny returns the denial as the result, ask turns on `needsApproval`, a rewrite
 * changes the input), PostToolUse after it (feedback returned beside the result). With `model`, that
 * model answers `prompt` hooks the engine has no `evaluatePrompt` for.
 *
 * @example
 * ```ts
 * const engine = await createHookEngine({ profile: "claude", cwd: process.cwd() });
 * const result = await generateText({
 *   model,
 *   tools: withHooks(engine, { bash: bashTool }, { toolNameMap: { bash: "Bash" }, model }),
 *   stopWhen: stepCountIs(10),
 *   prompt: "Clean the build folder",
 * });
 * ```
 */
export function withHooks<TOOLS extends ToolSet>(
  engine: HookEngine,
  tools: TOOLS,
  options: AiSdkHooksOptions = {},
): HookedToolSet<TOOLS> {
  const context = {
    engine,
    options,
    decisions: createCallCache<Promise<DispatchResult>>(),
    hostCallbacks: lendModel(options.model),
  };
  const hooked: ToolSet = {};
  for (const [toolKey, tool] of Object.entries(tools)) {
    hooked[toolKey] = hookTool(tool, toolKey, context);
  }
  // The keys are the caller's; only the results widen to include hook results.
  return hooked as HookedToolSet<TOOLS>;
}
