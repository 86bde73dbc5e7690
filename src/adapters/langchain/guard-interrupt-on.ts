import type { InterruptOnConfig } from "langchain";
import { resolvePublicToolName } from "./deepagents-tool-names.js";
import type { MiddlewareContext } from "./middleware-context.js";
import {
  notifyPermissionPrompt,
  type PermissionVerdict,
  requestPermission,
} from "./request-permission.js";

/** A human-in-the-loop `interruptOn` table, as `createDeepAgent`, a subagent spec or `humanInTheLoopMiddleware` take. */
export type InterruptOnTable = Readonly<Record<string, boolean | InterruptOnConfig>>;

// What human-in-the-loop passes to `when`: the tool call and the node's runtime.
type WhenRequest = Parameters<NonNullable<InterruptOnConfig["when"]>>[0];

const allDecisions = ["approve", "edit", "reject"] as const;

/**
 * Returns `interruptOn` with a `when` on every asking tool that dispatches PermissionRequest before
 * the human is asked: allow approves the call without a prompt, deny refuses it with the hook's
 * message (applied when the tool step runs), no decision shows the prompt and fires Notification
 * (`permission_prompt`). A resumed run reuses the verdict by `tool_call_id`; the table's own `when`
 * is asked first.
 */
export function guardInterruptOn(
  context: MiddlewareContext,
  interruptOn: InterruptOnTable,
): Record<string, boolean | InterruptOnConfig> {
  const guarded: Record<string, boolean | InterruptOnConfig> = {};
  for (const [toolName, setting] of Object.entries(interruptOn)) {
    if (setting === false) {
      guarded[toolName] = false;
      continue;
    }
    const config: InterruptOnConfig =
      setting === true ? { allowedDecisions: [...allDecisions] } : setting;
    const own = config.when;
    guarded[toolName] = {
      ...config,
      when: async (request: WhenRequest) => {
        if (own !== undefined && !(await own(request))) return false;
        const verdict = await readVerdict(context, request);
        return verdict.behavior === "none";
      },
    };
  }
  return guarded;
}

// The first pass dispatches and remembers; the resumed pass (the hook runs again) reads the memory.
async function readVerdict(
  context: MiddlewareContext,
  request: WhenRequest,
): Promise<PermissionVerdict> {
  const call = request.toolCall;
  const threadId = context.threadOf(request.runtime);
  const known =
    call.id === undefined ? undefined : context.permissionVerdicts.read(threadId, call.id);
  if (known !== undefined) return known;
  const question = {
    runtime: request.runtime,
    publicToolName: resolvePublicToolName(call.name, context.toolNameMap),
    args: call.args,
  };
  const verdict = await requestPermission(context, question);
  if (call.id !== undefined) context.permissionVerdicts.remember(threadId, call.id, verdict);
  if (verdict.behavior === "none") await notifyPermissionPrompt(context, question);
  return verdict;
}
