import { z } from "zod";

// Building blocks of the output schemas: every field is optional (printing nothing is valid) and
// objects are strict, so a field an event does not apply fails validation instead of passing.

const topLevelFields = {
  continue: z.boolean().optional().describe("false stops the agent altogether"),
  stopReason: z.string().optional().describe("Shown to the user when continue is false"),
  systemMessage: z.string().optional().describe("A message shown to the user"),
  suppressOutput: z.boolean().optional().describe("Accepted; has no effect"),
} as const;

type TopLevelFields = typeof topLevelFields;

/** The top-level output fields `names`, for events that apply only some of them. */
export function pickTopLevelFields<const N extends readonly (keyof TopLevelFields)[]>(
  ...names: N
): { [K in N[number]]: TopLevelFields[K] } {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) shape[name] = topLevelFields[name];
  return shape as { [K in N[number]]: TopLevelFields[K] };
}

/** Top-level `decision: "block"` with its `reason` (a refused prompt, a continued Stop, …). */
export const blockDecisionFields = {
  decision: z.literal("block").optional(),
  reason: z.string().optional().describe("Why it is blocked; shown to the model"),
} as const;

/** A legacy top-level `decision` still applied by the event (`approve` allows, `block` denies). */
export function legacyDecisionFields<
  const V extends readonly ["approve" | "block", ...("approve" | "block")[]],
>(values: V) {
  return {
    decision: z.enum(values).optional().meta({ deprecated: true }),
    reason: z.string().optional(),
  };
}

/** `hookSpecificOutput` for `event`: `hookEventName` plus the event's own fields. */
export function specificOutputFields<const E extends string, S extends z.ZodRawShape>(
  event: E,
  shape: S,
) {
  return {
    hookSpecificOutput: z.strictObject({ hookEventName: z.literal(event), ...shape }).optional(),
  };
}

/** `additionalContext`: text added to the model's context. */
export const additionalContextField = {
  additionalContext: z.string().optional().describe("Text added to the model's context"),
} as const;

/** A PreToolUse permission decision among `values`, its reason and (where given) a rewrite. */
export function permissionFields<const V extends readonly [string, ...string[]]>(values: V) {
  return {
    permissionDecision: z.enum(values).optional(),
    permissionDecisionReason: z.string().optional(),
  };
}

/** `updatedInput`: the tool input to run instead, with an allow (or ask where applied). */
export const updatedInputField = {
  updatedInput: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("The tool input to run instead; shell tools need a string command"),
} as const;

/** A PermissionRequest answer: `decision.behavior` allow or deny, with a message. */
export const permissionRequestFields = {
  decision: z
    .strictObject({
      behavior: z.enum(["allow", "deny"]),
      message: z.string().optional(),
    })
    .optional(),
} as const;
