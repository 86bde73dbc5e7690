import { z } from "zod";

/** What a human answered to a PreToolUse `ask`: run the call, run it with edited arguments, or refuse it. */
export type ToolApproval =
  | { kind: "approve" }
  | { kind: "edit"; args: Record<string, unknown> }
  | { kind: "reject"; message: string };

/** The call awaiting approval, as the interrupt shows it. */
export interface ApprovalRequest {
  toolName: string;
  publicToolName: string;
  args: Record<string, unknown>;
  reason: string | null;
}

const decisionSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("approve") }),
  z.object({
    type: z.literal("edit"),
    editedAction: z.object({ name: z.string(), args: z.record(z.string(), z.unknown()) }),
  }),
  z.object({ type: z.literal("reject"), message: z.string().optional() }),
]);

// The answer humanInTheLoopMiddleware takes ({ decisions: [...] }), or a single decision.
const answerSchema = z.union([
  z.object({ decisions: z.tuple([decisionSchema]).rest(decisionSchema) }),
  decisionSchema,
]);

// LangGraph's interrupt pauses the run by throwing these; they must reach the graph untouched.
const interruptErrorNames = new Set(["GraphInterrupt", "NodeInterrupt"]);

/**
 * Asks a human about a tool call through LangGraph's `interrupt` (the run pauses until resumed with
 * `new Command({ resume: { decisions: [{ type: "approve" }] } })`); without a checkpointer or
 * interrupt support, the call is refused with a message saying why.
 */
export function requestToolApproval(
  interrupt: ((value: unknown) => unknown) | undefined,
  request: ApprovalRequest,
): ToolApproval {
  const asked = describeAsk(request);
  if (typeof interrupt !== "function") {
    return { kind: "reject", message: `${asked}, but this run cannot pause for approval` };
  }
  let answer: unknown;
  try {
    answer = interrupt({
      actionRequests: [{ name: request.toolName, args: request.args, description: asked }],
      reviewConfigs: [
        { actionName: request.toolName, allowedDecisions: ["approve", "edit", "reject"] },
      ],
    });
  } catch (error) {
    if (error instanceof Error && interruptErrorNames.has(error.name)) throw error;
    const cause = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return {
      kind: "reject",
      message: `${asked}, but the run could not pause for approval: ${cause}`,
    };
  }
  const parsed = answerSchema.safeParse(answer);
  if (!parsed.success) {
    return { kind: "reject", message: `${asked}, and the approval answer was not understood` };
  }
  const decision = "decisions" in parsed.data ? parsed.data.decisions[0] : parsed.data;
  switch (decision.type) {
    case "approve":
      return { kind: "approve" };
    case "edit":
      return { kind: "edit", args: decision.editedAction.args };
    case "reject":
      return {
        kind: "reject",
        message: decision.message ?? `${asked}, and the user rejected the call`,
      };
  }
}

/** The refusal of an `ask` when the middleware is configured to deny instead of interrupting. */
export function describeDeniedAsk(request: ApprovalRequest): string {
  return `${describeAsk(request)}; this agent has no approval step, so the call was denied`;
}

function describeAsk(request: ApprovalRequest): string {
  const because = request.reason === null ? "" : ` (${request.reason})`;
  return `${request.publicToolName} needs approval: a PreToolUse hook asked${because}`;
}
