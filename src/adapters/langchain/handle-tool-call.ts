import { randomUUID } from "node:crypto";
import type { ToolMessage } from "@langchain/core/messages";
import type { ToolCallHandler, ToolCallRequest } from "langchain";
import { readToolFeedback } from "../shared/read-tool-feedback.js";
import { appendToolText, findToolMessage, replaceToolText } from "./append-tool-feedback.js";
import { resolvePublicToolName } from "./deepagents-tool-names.js";
import { handleToolFailure } from "./handle-tool-failure.js";
import { createToolErrorMessage, markHalt } from "./hook-messages.js";
import type { MiddlewareContext } from "./middleware-context.js";
import {
  createPermissionDenial,
  notifyPermissionPrompt,
  requestPermission,
} from "./request-permission.js";
import {
  type ApprovalRequest,
  describeDeniedAsk,
  requestToolApproval,
} from "./request-tool-approval.js";
import { runInSubagentScope } from "./subagent-scope.js";

type ToolCallResult = Awaited<ReturnType<ToolCallHandler>>;

/**
 * Runs one tool call between PreToolUse and PostToolUse: a deny or refused ask returns an error
 * tool result without running the tool, an allowed rewrite runs it with the new arguments, and
 * PostToolUse feedback is added to (or replaces) the result; a tool that throws dispatches
 * PostToolUseFailure (`handleToolFailure`). An `ask` dispatches PermissionRequest
 * first (allow runs the call, deny refuses it, no decision asks the human), and a call resumed after
 * the interrupt reuses its PreToolUse and PermissionRequest results instead of running them again.
 */
export async function handleToolCall(
  context: MiddlewareContext,
  request: ToolCallRequest,
  handler: ToolCallHandler,
): Promise<ToolCallResult> {
  const threadId = context.threadOf(request.runtime);
  const requested = request.toolCall;
  // A verdict PermissionRequest gave before Deep Agents' human-in-the-loop (guardInterruptOn).
  const earlierPermission =
    requested.id === undefined
      ? undefined
      : context.permissionVerdicts.take(threadId, requested.id);
  if (earlierPermission?.behavior === "deny") {
    return createPermissionDenial(requested, earlierPermission);
  }
  // That verdict came before PreToolUse, so its rewrite is the input every later hook sees.
  const call =
    earlierPermission?.behavior === "allow" && earlierPermission.updatedInput !== undefined
      ? { ...requested, args: earlierPermission.updatedInput }
      : requested;
  const publicToolName = resolvePublicToolName(call.name, context.toolNameMap);
  const toolPayload = {
    ...context.sessionPayload(request.runtime),
    tool_name: publicToolName,
    tool_input: call.args,
    ...(call.id !== undefined && { tool_use_id: call.id }),
  };
  // A call resumed after an `ask` interrupt reuses its decisions: each hook runs once per call.
  const paused = call.id === undefined ? undefined : context.pausedCalls.take(threadId, call.id);
  const pre =
    paused !== undefined
      ? paused.pre
      : await context.dispatch("PreToolUse", toolPayload, createInputValidator(request.tool));
  let args: Record<string, unknown> = call.args;
  const preContext = pre?.additionalContext ?? [];
  if (pre !== null) {
    if (!pre.continue) {
      const text = `Stopped by a PreToolUse hook: ${pre.stopReason ?? "no reason given"}`;
      const halted = createToolErrorMessage(call, text);
      markHalt(halted, text);
      return halted;
    }
    if (pre.decision === "deny") {
      const reason = pre.reason ?? "no reason given";
      return withContext(
        createToolErrorMessage(call, `Denied by a PreToolUse hook: ${reason}`),
        preContext,
      );
    }
    if (isRecord(pre.updatedInput)) args = pre.updatedInput;
    if (pre.decision === "ask") {
      const approvalRequest: ApprovalRequest = {
        toolName: call.name,
        publicToolName,
        args,
        reason: pre.reason,
      };
      const question = { runtime: request.runtime, publicToolName, args };
      const permission =
        paused?.permission ?? earlierPermission ?? (await requestPermission(context, question));
      if (permission.behavior === "deny") {
        return withContext(createPermissionDenial(call, permission), preContext);
      }
      if (permission.behavior === "allow" && permission.updatedInput !== undefined) {
        args = permission.updatedInput;
      }
      if (permission.behavior === "none") {
        if (context.onAsk === "deny") {
          const text = describeDeniedAsk(approvalRequest);
          return withContext(createToolErrorMessage(call, text), preContext);
        }
        if (paused === undefined && call.id !== undefined) {
          await notifyPermissionPrompt(context, question);
          context.pausedCalls.remember(threadId, call.id, { pre, permission });
        }
        const approval = requestToolApproval(request.runtime.interrupt, approvalRequest);
        if (call.id !== undefined) context.pausedCalls.take(threadId, call.id);
        if (approval.kind === "reject") {
          return withContext(createToolErrorMessage(call, approval.message), preContext);
        }
        if (approval.kind === "edit") args = approval.args;
      }
    }
  }

  const started = performance.now();
  const run = async () => handler({ ...request, toolCall: { ...call, args } });
  let result: ToolCallResult;
  try {
    result = context.subagentTools.has(call.name)
      ? await runInSubagentScope(
          {
            agentId: call.id ?? randomUUID(),
            agentType: typeof args.subagent_type === "string" ? args.subagent_type : call.name,
          },
          run,
        )
      : await run();
  } catch (error) {
    const aborted = request.runtime.signal?.aborted === true;
    const facts = { call, toolPayload, args, aborted };
    return withContext(await handleToolFailure(context, facts, error), preContext);
  }
  const durationMs = Math.round((performance.now() - started) * 10) / 10;
  const message = findToolMessage(result, call.id);
  if (message === null) return result;
  withContext(message, preContext);

  const post = await context.dispatch("PostToolUse", {
    ...toolPayload,
    tool_input: args,
    tool_response: message.content,
    duration_ms: durationMs,
  });
  if (post === null) return result;
  const feedback = readToolFeedback(post, context.engine.profile);
  if (feedback !== null) {
    const text = [
      ...(feedback.reason === null ? [] : [`PostToolUse hook feedback:\n${feedback.reason}`]),
      ...(feedback.additionalContext.length === 0
        ? []
        : [`PostToolUse hook additional context:\n${feedback.additionalContext.join("\n")}`]),
    ].join("\n\n");
    if (feedback.replacesOutput) replaceToolText(message, text);
    else appendToolText(message, text);
  }
  if (!post.continue) {
    const text = `Stopped by a PostToolUse hook: ${post.stopReason ?? "no reason given"}`;
    appendToolText(message, text);
    markHalt(message, text);
  }
  return result;
}

function withContext(message: ToolMessage, context: readonly string[]): ToolMessage {
  if (context.length > 0) {
    appendToolText(message, `PreToolUse hook additional context:\n${context.join("\n")}`);
  }
  return message;
}

// A rewrite is checked against the tool's own zod schema where the profile asks for a schema.
function createInputValidator(tool: unknown): { validateToolInput?: (input: unknown) => boolean } {
  if (!isRecord(tool)) return {};
  const schema = tool.schema;
  if (!isRecord(schema) || typeof schema.safeParse !== "function") return {};
  const safeParse = schema.safeParse as (input: unknown) => unknown;
  return {
    validateToolInput: (input) => {
      const parsed = safeParse.call(schema, input);
      return isRecord(parsed) && parsed.success === true;
    },
  };
}

// Any non-array object, unlike shared/is-record.ts: tools and their schemas are class instances.
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
