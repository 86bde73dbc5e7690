import {
  asSchema,
  type LanguageModel,
  type Tool,
  type ToolExecutionOptions,
  type ToolSet,
} from "ai";
import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { DispatchOptions, HookEngine } from "../../engine/engine.js";
import type { HostCallbacks } from "../../run/host-callbacks.js";
import { callSafely } from "../shared/call-safely.js";
import type { CallCache } from "../shared/create-call-cache.js";
import { type AdapterErrorHandler, dispatchSafely } from "../shared/dispatch-safely.js";
import { type PostToolBlockEffect, readToolFeedback } from "../shared/read-tool-feedback.js";
import { type HookDenial, type HookFeedback, isHookToolResult } from "./hook-tool-result.js";
import { toJsonValue } from "./to-json-value.js";

/** Options of `withHooks` for Vercel AI SDK tools. */
export interface AiSdkHooksOptions {
  /** Public tool names handlers see and match, by tool key (`{ bash: "Bash" }`); default: the key. */
  toolNameMap?: Readonly<Record<string, string>>;
  /** Extra fields of every payload (`session_id`, `transcript_path`, `permission_mode`, …). */
  payload?: Readonly<Record<string, unknown>>;
  /** What a PostToolUse block does to the result; default: `replace` for ZeroCode, else `append`. */
  postToolUseBlock?: PostToolBlockEffect;
  /** Called with every dispatch result (for logs and timelines; errors thrown here are ignored). */
  onDispatch?: (result: DispatchResult, call: ToolCallFacts) => void;
  /** Called when dispatching threw; the tool call then goes on as if no hook had decided. */
  onError?: AdapterErrorHandler;
  /**
   * The model your `generateText` calls use: it answers Claude Code `prompt` hooks where the engine
   * was given no `evaluatePrompt` (the AI SDK does not tell a tool which model called it).
   */
  model?: LanguageModel;
}

/** The tool call a dispatch was about. */
export interface ToolCallFacts {
  /** The tool's key in the tool set. */
  toolKey: string;
  /** The name handlers saw. */
  toolName: string;
  toolCallId: string;
}

/** What one hooked tool shares with its siblings. */
export interface HookToolContext {
  engine: HookEngine;
  options: AiSdkHooksOptions;
  /** PreToolUse results by tool call id. */
  decisions: CallCache<Promise<DispatchResult>>;
  /** The callbacks lent to each dispatch (the model for `prompt` hooks), or undefined. */
  hostCallbacks: HostCallbacks | undefined;
}

/** Any tool of a tool set. */
export type AnyTool = ToolSet[string];

type ModelOutputFunction = NonNullable<Tool<unknown, unknown>["toModelOutput"]>;

type ApprovalFacts = Parameters<
  Extract<AnyTool["needsApproval"], (...args: never[]) => unknown>
>[1];

/**
 * Wraps one AI SDK tool: PreToolUse before `execute` (and in `needsApproval`, sharing one dispatch
 * per call), PostToolUse after it; a tool without `execute`, or run by the provider, is returned as is.
 */
export function hookTool(tool: AnyTool, toolKey: string, context: HookToolContext): AnyTool {
  const execute = tool.execute;
  if (typeof execute !== "function" || tool.type === "provider") return tool;
  const { engine, options, decisions } = context;
  const toolName = options.toolNameMap?.[toolKey] ?? toolKey;
  const needsSchema = engine.profile.updatedInputNeedsSchema;
  let dispatchOptions: Promise<DispatchOptions> | null = null;
  // Profiles that apply a rewrite only when it fits the tool's schema get the tool's JSON Schema.
  const readDispatchOptions = () => {
    dispatchOptions ??= needsSchema
      ? Promise.resolve(asSchema(tool.inputSchema).jsonSchema).then(
          (toolInputSchema) => ({ toolInputSchema }),
          () => ({}),
        )
      : Promise.resolve({});
    return dispatchOptions;
  };

  const dispatch = async (event: string, toolCallId: string, fields: Record<string, unknown>) => {
    const result = await dispatchSafely(
      engine,
      event,
      { ...options.payload, tool_name: toolName, tool_use_id: toolCallId, ...fields },
      {
        dispatch: await readDispatchOptions(),
        onError: options.onError,
        hostCallbacks: context.hostCallbacks,
      },
    );
    callSafely(options.onDispatch, result, { toolKey, toolName, toolCallId });
    return result;
  };
  const decide = (input: unknown, toolCallId: string) =>
    decisions.resolve(toolCallId, () => dispatch("PreToolUse", toolCallId, { tool_input: input }));

  const runHooked = async (input: unknown, execution: ToolExecutionOptions) => {
    const { toolCallId } = execution;
    const pre = await decide(input, toolCallId);
    decisions.forget(toolCallId);
    if (pre.decision === "deny") return deny(pre.reason);
    const runInput = pre.updatedInput ?? input;
    let output: unknown;
    try {
      output = await drain(execute(runInput, execution));
    } catch (error) {
      if (engine.profile.events.PostToolUseFailure === undefined) throw error;
      const failure = await dispatch("PostToolUseFailure", toolCallId, {
        tool_input: runInput,
        error: error instanceof Error ? error.message : String(error),
      });
      throw addFailureFeedback(error, failure, engine);
    }
    const post = await dispatch("PostToolUse", toolCallId, {
      tool_input: runInput,
      tool_response: output,
    });
    return attachFeedback(output, pre, post, engine, options.postToolUseBlock);
  };

  const hooked: AnyTool = {
    ...tool,
    needsApproval: async (input: unknown, approval: ApprovalFacts) => {
      const pre = await decide(input, approval.toolCallId);
      if (pre.decision === "deny" || pre.decision === "allow") return false;
      if (pre.decision === "ask") return true;
      const own = tool.needsApproval;
      return typeof own === "function" ? await own(input, approval) : own === true;
    },
    execute: runHooked,
  };
  const ownModelOutput: ModelOutputFunction | undefined = tool.toModelOutput;
  if (ownModelOutput === undefined) return hooked;
  // The tool's own conversion expects its own result; a hook result goes to the model as JSON.
  const toModelOutput: ModelOutputFunction = (facts) =>
    isHookToolResult(facts.output)
      ? { type: "json", value: toJsonValue(facts.output) }
      : ownModelOutput(facts);
  return { ...hooked, toModelOutput };
}

// The hooks' feedback on a failed call reaches the model in the error it sees (a `tool-error`).
function addFailureFeedback(error: unknown, failure: DispatchResult, engine: HookEngine): unknown {
  const feedback = readToolFeedback(failure, engine.profile, "append");
  if (feedback === null) return error;
  const lines = [
    ...(feedback.reason === null ? [] : [`PostToolUseFailure hook feedback: ${feedback.reason}`]),
    ...feedback.additionalContext.map((context) => `Hook context: ${context}`),
  ];
  const message = error instanceof Error ? error.message : String(error);
  return new Error(`${message}\n\n${lines.join("\n")}`, { cause: error });
}

function deny(reason: string | null): HookDenial {
  return {
    hook: {
      event: "PreToolUse",
      decision: "deny",
      reason: reason ?? "A PreToolUse hook denied this tool call",
    },
  };
}

function attachFeedback(
  output: unknown,
  pre: DispatchResult,
  post: DispatchResult,
  engine: HookEngine,
  effect: PostToolBlockEffect | undefined,
): unknown {
  const feedback = readToolFeedback(post, engine.profile, effect);
  const additionalContext = [...pre.additionalContext, ...(feedback?.additionalContext ?? [])];
  if (feedback === null && additionalContext.length === 0) return output;
  const hook: HookFeedback["hook"] = {
    event: "PostToolUse",
    decision: feedback?.decision ?? null,
    reason: feedback?.reason ?? null,
    additionalContext,
  };
  return feedback?.replacesOutput === true ? { hook } : { output, hook };
}

// A streaming `execute` (an async iterable) counts by its last value, as the SDK's own final result.
async function drain(result: unknown): Promise<unknown> {
  const value = await result;
  if (!isAsyncIterable(value)) return value;
  let last: unknown;
  for await (const item of value) last = item;
  return last;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    Symbol.asyncIterator in value &&
    typeof value[Symbol.asyncIterator] === "function"
  );
}
