import { z } from "zod";
import {
  type EventOutputFieldName,
  type EventOutputValue,
  eventOutputFields,
} from "../profiles/event-output-fields.js";

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

/** The zod type of an event output field whose value has the JSON type `V`. */
type EventOutputSchema<V extends EventOutputValue> = z.ZodOptional<
  V extends "string"
    ? z.ZodString
    : V extends "boolean"
      ? z.ZodBoolean
      : V extends "object"
        ? z.ZodRecord<z.ZodString, z.ZodUnknown>
        : V extends "list"
          ? z.ZodArray<z.ZodUnknown>
          : V extends "string-list"
            ? z.ZodArray<z.ZodString>
            : V extends { oneOf: readonly (infer S extends string)[] }
              ? z.ZodEnum<{ [K in S]: K }>
              : z.ZodUnknown
>;

type EventOutputShape = {
  [K in EventOutputFieldName]: EventOutputSchema<(typeof eventOutputFields)[K]["value"]>;
};

function createEventOutputSchema(value: EventOutputValue): z.ZodType {
  if (typeof value === "object") return z.enum(value.oneOf);
  switch (value) {
    case "string":
      return z.string();
    case "boolean":
      return z.boolean();
    case "object":
      return z.record(z.string(), z.unknown());
    case "list":
      return z.array(z.unknown());
    case "string-list":
      return z.array(z.string());
    case "any":
      return z.unknown();
  }
}

// The fields the pipeline carries to the host in eventOutput, typed from their table.
const eventOutputShape = Object.fromEntries(
  Object.entries(eventOutputFields).map(([name, field]) => [
    name,
    createEventOutputSchema(field.value).optional().describe(field.description),
  ]),
) as EventOutputShape;

const updatedInputSchema = z
  .record(z.string(), z.unknown())
  .optional()
  .describe("The tool input to run instead; shell tools need a string command");

// Fields read inside a PermissionRequest's decision beside behavior and message.
const decisionFieldShape = {
  updatedInput: updatedInputSchema,
  updatedPermissions: eventOutputShape.updatedPermissions,
  interrupt: eventOutputShape.interrupt,
} as const;

/** The name of a field a row may read inside `hookSpecificOutput.decision`. */
export type DecisionFieldName = keyof typeof decisionFieldShape;

const permissionRequestDecisionFields = {
  behavior: z.enum(["allow", "deny"]),
  message: z.string().optional(),
} as const;

/** The zod shape of a PermissionRequest `decision` that also reads the fields `D`. */
export type DecisionSchema<D extends DecisionFieldName> = z.ZodOptional<
  z.ZodObject<
    typeof permissionRequestDecisionFields & { [K in D]: (typeof decisionFieldShape)[K] },
    z.core.$strict
  >
>;

function createDecisionSchema(fields: readonly DecisionFieldName[]): z.ZodType {
  const shape: Record<string, z.ZodType> = { ...permissionRequestDecisionFields };
  for (const name of fields) shape[name] = decisionFieldShape[name];
  return z.strictObject(shape).optional();
}

// The hookSpecificOutput fields the pipeline applies; permissionDecision takes the event's values.
const specificFields = {
  ...eventOutputShape,
  permissionDecisionReason: z.string().optional(),
  updatedInput: updatedInputSchema,
  additionalContext: z.string().optional().describe("Text added to the model's context"),
  // A PermissionRequest answer: `decision.behavior` allow or deny, with a message.
  decision: createDecisionSchema([]) as DecisionSchema<never>,
} as const;

type SpecificFields = typeof specificFields;

/** The name of a `hookSpecificOutput` field the pipeline applies. */
export type SpecificFieldName = keyof SpecificFields | "permissionDecision";

/**
 * The zod shape of the `hookSpecificOutput` fields `N`, `permissionDecision` among `V`, a
 * PermissionRequest `decision` that also reads the fields `D`.
 */
export type SpecificShape<
  N extends SpecificFieldName,
  V extends string,
  D extends DecisionFieldName = never,
> = {
  [K in N]: K extends "permissionDecision"
    ? z.ZodOptional<z.ZodEnum<{ [P in V]: P }>>
    : K extends "decision"
      ? DecisionSchema<D>
      : K extends keyof SpecificFields
        ? SpecificFields[K]
        : never;
};

/**
 * The `hookSpecificOutput` fields `names`, in the order given; `permissionDecision` among `values`,
 * `decision` with the nested `decisionFields`.
 */
export function pickSpecificFields<
  N extends SpecificFieldName,
  V extends string,
  D extends DecisionFieldName = never,
>(
  names: readonly N[],
  permissionDecisions: readonly V[],
  decisionFields: readonly D[] = [],
): SpecificShape<N, V, D> {
  const shape: Record<string, z.ZodType> = {};
  for (const name of names) {
    if (name === "permissionDecision") shape[name] = z.enum(permissionDecisions).optional();
    else if (name === "decision") shape[name] = createDecisionSchema(decisionFields);
    else shape[name] = specificFields[name as keyof SpecificFields];
  }
  return shape as SpecificShape<N, V, D>;
}
