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

/** The name of a top-level output field the pipeline knows. */
export type TopLevelFieldName = keyof TopLevelFields;

/** The zod shape of the top-level output fields `N`. */
export type TopLevelShape<N extends TopLevelFieldName> = { [K in N]: TopLevelFields[K] };

/** The top-level output fields `names`, in the order given. */
export function pickTopLevelFields<N extends TopLevelFieldName>(
  names: readonly N[],
): TopLevelShape<N> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) shape[name] = topLevelFields[name];
  return shape as TopLevelShape<N>;
}

/** Top-level `decision: "block"` with its `reason` (a refused prompt, a continued Stop, …). */
export const blockDecisionFields = {
  decision: z.literal("block").optional(),
  reason: z.string().optional().describe("Why it is blocked; shown to the model"),
} as const;

/** The zod shape of a legacy top-level `decision` among `V`, with its `reason`. */
export type LegacyDecisionShape<V extends string> = {
  decision: z.ZodOptional<z.ZodEnum<{ [K in V]: K }>>;
  reason: z.ZodOptional<z.ZodString>;
};

/** A legacy top-level `decision` still applied by the event (`approve` allows, `block` denies). */
export function legacyDecisionFields<V extends string>(
  values: readonly V[],
): LegacyDecisionShape<V> {
  return {
    decision: z.enum(values).optional().meta({ deprecated: true }),
    reason: z.string().optional(),
  } as LegacyDecisionShape<V>;
}

// The hookSpecificOutput fields the pipeline applies; permissionDecision takes the event's values.
const specificFields = {
  permissionDecisionReason: z.string().optional(),
  updatedInput: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("The tool input to run instead; shell tools need a string command"),
  additionalContext: z.string().optional().describe("Text added to the model's context"),
  // A PermissionRequest answer: `decision.behavior` allow or deny, with a message.
  decision: z
    .strictObject({
      behavior: z.enum(["allow", "deny"]),
      message: z.string().optional(),
    })
    .optional(),
} as const;

type SpecificFields = typeof specificFields;

/** The name of a `hookSpecificOutput` field the pipeline applies. */
export type SpecificFieldName = keyof SpecificFields | "permissionDecision";

/** The zod shape of the `hookSpecificOutput` fields `N`, `permissionDecision` among `V`. */
export type SpecificShape<N extends SpecificFieldName, V extends string> = {
  [K in N]: K extends keyof SpecificFields
    ? SpecificFields[K]
    : z.ZodOptional<z.ZodEnum<{ [D in V]: D }>>;
};

/** The `hookSpecificOutput` fields `names`, in the order given; `permissionDecision` among `values`. */
export function pickSpecificFields<N extends SpecificFieldName, V extends string>(
  names: readonly N[],
  permissionDecisions: readonly V[],
): SpecificShape<N, V> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    shape[name] =
      name === "permissionDecision"
        ? z.enum(permissionDecisions).optional()
        : specificFields[name as keyof SpecificFields];
  }
  return shape as SpecificShape<N, V>;
}
