import {
  type Agent,
  defineToolInputGuardrail,
  defineToolOutputGuardrail,
  type FunctionCallItem,
  type FunctionTool,
  type ToolGuardrailFunctionOutput,
  ToolGuardrailFunctionOutputFactory,
  type ToolInputGuardrailDefinition,
  type ToolOutputGuardrailDefinition,
  type UnknownContext,
} from "@openai/agents";
import type { DispatchResult } from "../../decide/dispatch-result.js";
import type { DispatchOptions, HookEngine } from "../../engine/engine.js";
import { parseToolArguments } from "../../event-stream/parse-tool-arguments.js";
import { callSafely } from "../shared/call-safely.js";
import { createCallCache } from "../shared/create-call-cache.js";
import { type AdapterErrorHandler, dispatchSafely } from "../shared/dispatch-safely.js";
import { type PostToolBlockEffect, readToolFeedback } from "../shared/read-tool-feedback.js";
import type { PromptHookModel } from "./create-prompt-evaluator.js";
import { formatToolFeedback } from "./format-tool-feedback.js";
import { lendModel } from "./lend-model.js";

/** A PreToolUse `ask` the host may answer; resolve true to let the call run. */
export interface ApprovalRequest {
  toolName: string;
  toolCallId: string;
  input: unknown;
  reason: string | null;
}

/** Options of `createToolGuardrails` and `withHooks` for OpenAI Agents tools. */
export interface OpenAIAgentsHooksOptions {
  /** Public tool names handlers see and match, by tool name (`{ bash: "Bash" }`); default: the name. */
  toolNameMap?: Readonly<Record<string, string>>;
  /** Extra fields of every payload (`session_id`, `transcript_path`, `permission_mode`, …). */
  payload?: Readonly<Record<string, unknown>>;
  /** What a PostToolUse block does to the output; default: `replace` for ZeroCode, else `append`. */
  postToolUseBlock?: PostToolBlockEffect;
  /**
   * Answers a PreToolUse `ask` in place of the SDK's approval interruption. Without it, `withHooks`
   * pauses the run on a tool approval (`needsApproval`), and `createToolGuardrails` alone rejects
   * the call with an "approval required" message.
   */
  onAsk?: (request: ApprovalRequest) => boolean | Promise<boolean>;
  /** Called with every dispatch result (for logs and timelines; errors thrown here are ignored). */
  onDispatch?: (result: DispatchResult, call: { toolName: string; toolCallId: string }) => void;
  /** Called when dispatching threw; the tool call then goes on as if no hook had decided. */
  onError?: AdapterErrorHandler;
  /**
   * The model that answers Claude Code `prompt` hooks where the engine was given no
   * `evaluatePrompt`. Default: the model of the agent whose tool call it is, learned from each
   * guardrail call; before the first one (`withHooks` asks `needsApproval` first), the SDK's
   * default model, as an `Agent` without a model uses.
   */
  model?: PromptHookModel;
}

/** Tool guardrails that run a tool's calls through the engine's hooks. */
export interface HookGuardrails<TContext = UnknownContext> {
  inputGuardrails: ToolInputGuardrailDefinition<TContext>[];
  outputGuardrails: ToolOutputGuardrailDefinition<TContext>[];
}

/** A tool call as PreToolUse sees it. */
export interface ToolCallFacts {
  /** The tool's own name. */
  name: string;
  callId: string;
  /** The call's arguments, parsed. */
  input: unknown;
  /** The tool's parameters, for profiles that check a rewrite against them. */
  parameters: unknown;
}

/** The guardrails plus the rewritten input of a call, for `withHooks`' invoke wrapper. */
export interface RewritingGuardrails<TContext> extends HookGuardrails<TContext> {
  /** The input a hook rewrote for this call, as JSON text, or null. */
  readRewrite(toolCallId: string): Promise<string | null>;
  /** The call's PreToolUse decision, dispatched once per call id (shared with the guardrail). */
  decideCall(call: ToolCallFacts): Promise<DispatchResult["decision"]>;
  /**
   * Dispatches PostToolUseFailure (where the profile has it) for a call whose tool threw, and
   * returns the output the model sees instead: the error, then the hooks' feedback.
   */
  reportFailure(call: ToolCallFacts, error: unknown): Promise<string>;
}

/** How a PreToolUse `ask` is answered: the SDK's approval interruption, or the `onAsk` callback. */
export type AskHandling = "interrupt" | "callback";

// biome-ignore lint/suspicious/noExplicitAny: guardrails receive agents of any context and output.
type AnyAgent = Agent<any, any>;

interface PreToolDecision {
  behavior: ToolGuardrailFunctionOutput;
  /** The hooks' decision (`ask` included, also when the SDK's approval answers it). */
  decision: DispatchResult["decision"];
  /** The input the tool runs with (a rewrite where one applies). */
  input: unknown;
  rewrite: string | null;
  additionalContext: string[];
}

/**
 * Creates tool guardrails for `@openai/agents` function tools: the input guardrail dispatches
 * PreToolUse (deny, an unapproved ask, or a rewrite it cannot apply reject the call with the
 * reason), the output guardrail dispatches PostToolUse (a block or context replaces the output
 * the model sees with the output plus the feedback).
 *
 * @example
 * ```ts
 * const { inputGuardrails, outputGuardrails } = createToolGuardrails(engine, {
 *   toolNameMap: { bash: "Bash" },
 * });
 * const bash = tool({ name: "bash", parameters, execute, inputGuardrails, outputGuardrails });
 * ```
 */
export function createToolGuardrails<TContext = UnknownContext>(
  engine: HookEngine,
  options: OpenAIAgentsHooksOptions = {},
): HookGuardrails<TContext> {
  const { inputGuardrails, outputGuardrails } = createHookGuardrails<TContext>(
    engine,
    options,
    false,
  );
  return { inputGuardrails, outputGuardrails };
}

/** The guardrails, optionally applying rewrites (when the caller also wraps `invoke`). */
export function createHookGuardrails<TContext>(
  engine: HookEngine,
  options: OpenAIAgentsHooksOptions,
  appliesRewrites: boolean,
  askHandling: AskHandling = "callback",
): RewritingGuardrails<TContext> {
  const decisions = createCallCache<Promise<PreToolDecision>>();
  // The model prompt hooks are answered with: the option, else the last calling agent's, else
  // the SDK's default ("", as an Agent without a model has).
  let model: PromptHookModel = options.model ?? "";
  const noteAgent = (agent: { model: PromptHookModel }) => {
    if (options.model === undefined) model = agent.model;
  };
  // Calls whose tool threw: PostToolUseFailure ran in place of PostToolUse.
  const failedCalls = createCallCache<true>();

  const dispatch = async (
    event: string,
    call: { name: string; callId: string },
    fields: object,
    dispatchOptions: DispatchOptions = {},
  ) => {
    const toolName = options.toolNameMap?.[call.name] ?? call.name;
    const result = await dispatchSafely(
      engine,
      event,
      { ...options.payload, tool_name: toolName, tool_use_id: call.callId, ...fields },
      { dispatch: dispatchOptions, onError: options.onError, hostCallbacks: lendModel(model) },
    );
    callSafely(options.onDispatch, result, { toolName, toolCallId: call.callId });
    return result;
  };

  const decide = async (call: ToolCallFacts): Promise<PreToolDecision> => {
    const { input } = call;
    // Profiles that apply a rewrite only when it fits the tool's schema get the tool's parameters.
    const toolInputSchema = engine.profile.updatedInputNeedsSchema ? call.parameters : undefined;
    const result = await dispatch(
      "PreToolUse",
      call,
      { tool_input: input },
      toolInputSchema === undefined ? {} : { toolInputSchema },
    );
    const info = { hook: summarize(result) };
    const reject = (message: string): PreToolDecision => ({
      behavior: ToolGuardrailFunctionOutputFactory.rejectContent(message, info),
      decision: result.decision,
      input,
      rewrite: null,
      additionalContext: [],
    });
    if (result.decision === "deny") {
      return reject(`A PreToolUse hook denied this call: ${result.reason ?? "no reason given"}`);
    }
    // Under interruptions the SDK asks (`needsApproval`) and runs the tool only once approved.
    if (result.decision === "ask" && askHandling === "callback") {
      const approved = await askHost(options, call, input, result.reason);
      if (!approved) {
        return reject(
          options.onAsk === undefined
            ? `Approval required: ${(result.reason ?? "a PreToolUse hook asks the user to approve this call").replace(/\.$/, "")}. No approval is available in this run, so the call did not run.`
            : `The user did not approve this call: ${result.reason ?? "approval required"}`,
        );
      }
    }
    const rewritten = result.updatedInput;
    if (rewritten !== null && rewritten !== undefined && !appliesRewrites) {
      return reject(
        `A PreToolUse hook rewrote this call's input to ${JSON.stringify(rewritten)}, which a tool guardrail cannot apply, so the call did not run.`,
      );
    }
    const rewrite =
      rewritten === null || rewritten === undefined ? null : JSON.stringify(rewritten);
    return {
      behavior: ToolGuardrailFunctionOutputFactory.allow(info),
      decision: result.decision,
      input: rewrite === null ? input : rewritten,
      rewrite,
      additionalContext: [...result.additionalContext],
    };
  };

  const inputGuardrail = defineToolInputGuardrail<TContext>({
    name: "agent-hooks PreToolUse",
    run: async ({ toolCall, agent }) => {
      noteAgent(agent);
      const decision = await decisions.resolve(toolCall.callId, () =>
        decide({
          name: toolCall.name,
          callId: toolCall.callId,
          input: readArguments(toolCall.arguments),
          parameters: findFunctionTool(agent, toolCall)?.parameters,
        }),
      );
      if (decision.behavior.behavior.type !== "allow") decisions.forget(toolCall.callId);
      return decision.behavior;
    },
  });

  const outputGuardrail = defineToolOutputGuardrail<TContext>({
    name: "agent-hooks PostToolUse",
    run: async ({ toolCall, output, agent }) => {
      noteAgent(agent);
      if (failedCalls.peek(toolCall.callId) === true) {
        failedCalls.forget(toolCall.callId);
        return ToolGuardrailFunctionOutputFactory.allow({ hook: null });
      }
      const pre = await decisions.peek(toolCall.callId);
      decisions.forget(toolCall.callId);
      const input = pre?.input ?? readArguments(toolCall.arguments);
      const post = await dispatch("PostToolUse", toolCall, {
        tool_input: input,
        tool_response: output,
      });
      const feedback = readToolFeedback(post, engine.profile, options.postToolUseBlock);
      const additionalContext = [
        ...(pre?.additionalContext ?? []),
        ...(feedback?.additionalContext ?? []),
      ];
      const info = { hook: { ...summarize(post), additionalContext } };
      // A structured output cannot be replaced by text; its feedback stays in outputInfo.
      if (
        (feedback === null && additionalContext.length === 0) ||
        hasOutputSchema(agent, toolCall)
      ) {
        return ToolGuardrailFunctionOutputFactory.allow(info);
      }
      return ToolGuardrailFunctionOutputFactory.rejectContent(
        formatToolFeedback(output, feedback, additionalContext),
        info,
      );
    },
  });

  return {
    inputGuardrails: [inputGuardrail],
    outputGuardrails: [outputGuardrail],
    async readRewrite(toolCallId) {
      return (await decisions.peek(toolCallId))?.rewrite ?? null;
    },
    async decideCall(call) {
      return (await decisions.resolve(call.callId, () => decide(call))).decision;
    },
    async reportFailure(call, error) {
      const pre = await decisions.peek(call.callId);
      decisions.forget(call.callId);
      const text = `An error occurred while running the tool: ${error instanceof Error ? error.message : String(error)}`;
      if (engine.profile.events.PostToolUseFailure === undefined) return text;
      failedCalls.resolve(call.callId, () => true);
      const result = await dispatch("PostToolUseFailure", call, {
        tool_input: pre?.input ?? call.input,
        error: error instanceof Error ? error.message : String(error),
      });
      const feedback = readToolFeedback(result, engine.profile, "append");
      const lines = [
        ...(feedback?.reason == null
          ? []
          : [`PostToolUseFailure hook feedback: ${feedback.reason}`]),
        ...(feedback?.additionalContext ?? []).map((context) => `Hook context: ${context}`),
      ];
      return lines.length === 0 ? text : `${text}\n\n${lines.join("\n")}`;
    },
  };
}

function readArguments(text: string): unknown {
  const parsed = parseToolArguments(text);
  return parsed.ok ? parsed.value : text;
}

function summarize(result: DispatchResult) {
  return {
    event: result.event,
    decision: result.decision,
    reason: result.reason,
    additionalContext: result.additionalContext,
  };
}

async function askHost(
  options: OpenAIAgentsHooksOptions,
  call: { name: string; callId: string },
  input: unknown,
  reason: string | null,
): Promise<boolean> {
  if (options.onAsk === undefined) return false;
  try {
    const toolName = options.toolNameMap?.[call.name] ?? call.name;
    return (await options.onAsk({ toolName, toolCallId: call.callId, input, reason })) === true;
  } catch {
    // An approval callback that fails has not approved.
    return false;
  }
}

function findFunctionTool(agent: AnyAgent, call: FunctionCallItem): FunctionTool | undefined {
  for (const tool of agent.tools) {
    if (tool.type === "function" && tool.name === call.name) return tool;
  }
  return undefined;
}

function hasOutputSchema(agent: AnyAgent, call: FunctionCallItem): boolean {
  return findFunctionTool(agent, call)?.outputSchema !== undefined;
}
