import { z } from "zod";
import { findStrictOutputViolations } from "../profiles/find-strict-output-violations.js";
import { defaultPermissionDecisions, type OutputFieldMapping } from "../profiles/profile.js";
import { createInputShape, type InputFields, type InputShape } from "./input-fields.js";
import {
  blockDecisionFields,
  type DecisionFieldName,
  type LegacyDecisionShape,
  legacyDecisionFields,
  pickSpecificFields,
  pickTopLevelFields,
  type SpecificFieldName,
  type SpecificShape,
  type TopLevelFieldName,
  type TopLevelShape,
} from "./output-fields.js";

/** What the schemas read of an event row: its payload and the output fields it applies. */
export interface SchemaEventSpec {
  configurable: boolean;
  honorsContinue: boolean;
  decisionKind: "permission" | "permission-request" | "block" | "none";
  blockFields?: "top-level" | "specific";
  topLevelFields: { supported: readonly TopLevelFieldName[] };
  specificFields: { supported: readonly SpecificFieldName[] };
  decisionFields?: { supported: readonly DecisionFieldName[] };
  legacyDecisions: Readonly<Partial<Record<"approve" | "block", string>>>;
  permissionDecisions?: Readonly<Record<string, "apply" | "unsupported">>;
  /** Output fields the agent spells its own way (`EventSpec.outputFields`), accepted beside the engine's. */
  outputFields?: readonly OutputFieldMapping[];
  payload: InputFields;
}

/** The strict output rules the schemas enforce beside the shape (`Profile.strictOutput`). */
export interface SchemaStrictOutput {
  reasonRequired: boolean;
  rewriteOnlyDecisions: readonly string[];
  reasonNeedsDecision: boolean;
}

/** What the schemas read of a profile table: its common payload fields and its event rows. */
export interface SchemaProfile {
  commonPayload: InputFields;
  events: Readonly<Record<string, SchemaEventSpec>>;
  /** Rules a strict agent (Codex) checks beyond the shape: a deny needs a reason, and so on. */
  strictOutput?: SchemaStrictOutput;
}

type Flatten<T> = { [K in keyof T]: T[K] };
type FlattenShape<T> = { [K in keyof T]: Extract<T[K], z.ZodType> };

// `continue` and `stopReason` steer the session: an event that does not honour them rejects them.
type SteeringField = "continue" | "stopReason";

type AppliedTopLevelField<S extends SchemaEventSpec> = S["honorsContinue"] extends false
  ? Exclude<S["topLevelFields"]["supported"][number], SteeringField>
  : S["topLevelFields"]["supported"][number];

type AppliedLegacyDecision<S extends SchemaEventSpec> = {
  [K in keyof S["legacyDecisions"]]: S["legacyDecisions"][K] extends "unsupported" ? never : K;
}[keyof S["legacyDecisions"]] &
  string;

type AppliedPermissionDecision<S extends SchemaEventSpec> = S extends {
  permissionDecisions: infer D;
}
  ? { [K in keyof D]: D[K] extends "apply" ? K : never }[keyof D] & string
  : {
      [K in keyof typeof defaultPermissionDecisions]: (typeof defaultPermissionDecisions)[K] extends "apply"
        ? K
        : never;
    }[keyof typeof defaultPermissionDecisions];

type AppliedDecisionField<S extends SchemaEventSpec> = S extends {
  decisionFields: { supported: readonly (infer D)[] };
}
  ? D & DecisionFieldName
  : never;

type BlocksInSpecificOutput<S extends SchemaEventSpec> = S extends { blockFields: "specific" }
  ? S["decisionKind"] extends "block"
    ? true
    : false
  : false;

type DecisionShape<S extends SchemaEventSpec> = S["decisionKind"] extends "block"
  ? BlocksInSpecificOutput<S> extends true
    ? unknown
    : typeof blockDecisionFields
  : S["decisionKind"] extends "permission"
    ? [AppliedLegacyDecision<S>] extends [never]
      ? unknown
      : LegacyDecisionShape<AppliedLegacyDecision<S>>
    : unknown;

type SpecificOutputShape<E extends string, S extends SchemaEventSpec> = Flatten<
  { hookEventName: z.ZodLiteral<E> } & (BlocksInSpecificOutput<S> extends true
    ? typeof blockDecisionFields
    : unknown) &
    SpecificShape<
      S["specificFields"]["supported"][number],
      AppliedPermissionDecision<S>,
      AppliedDecisionField<S>
    >
>;

type SpecificOutput<E extends string, S extends SchemaEventSpec> = [
  S["specificFields"]["supported"][number],
] extends [never]
  ? BlocksInSpecificOutput<S> extends true
    ? { hookSpecificOutput: z.ZodOptional<z.ZodObject<SpecificOutputShape<E, S>, z.core.$strict>> }
    : unknown
  : { hookSpecificOutput: z.ZodOptional<z.ZodObject<SpecificOutputShape<E, S>, z.core.$strict>> };

/** The schema of the JSON a hook of event `E` reads on stdin, for a profile's common fields `C`. */
export type InputSchema<
  E extends string,
  C extends InputFields,
  F extends InputFields,
> = z.ZodObject<
  Flatten<InputShape<C> & { hook_event_name: z.ZodLiteral<E> } & InputShape<F>>,
  z.core.$loose
>;

/** The schema of the JSON a hook of event `E` may print, as its row `S` says. */
export type OutputSchema<E extends string, S extends SchemaEventSpec> = z.ZodObject<
  FlattenShape<TopLevelShape<AppliedTopLevelField<S>> & DecisionShape<S> & SpecificOutput<E, S>>,
  z.core.$strict
>;

/** The input and output schemas of each configurable event of profile `P`. */
export type EventSchemas<P extends SchemaProfile> = {
  [E in keyof P["events"] & string as P["events"][E]["configurable"] extends true ? E : never]: {
    input: InputSchema<E, P["commonPayload"], P["events"][E]["payload"]>;
    output: OutputSchema<E, P["events"][E]>;
  };
};

/**
 * Derives the zod schemas of every configurable event of a profile from its table: `input` is the
 * JSON a hook reads on stdin (the common payload fields, `hook_event_name`, the row's `payload`;
 * unknown fields pass), `output` the JSON it may print (only the fields the row applies).
 *
 * @example
 * ```ts
 * const schemas = createEventSchemas(claudeProfile);
 * schemas.PreToolUse.output.safeParse({ hookSpecificOutput: { hookEventName: "PreToolUse" } });
 * ```
 */
export function createEventSchemas<P extends SchemaProfile>(profile: P): EventSchemas<P> {
  const schemas: Record<string, { input: z.ZodObject; output: z.ZodObject }> = {};
  for (const [event, spec] of Object.entries(profile.events)) {
    if (!spec.configurable) continue;
    schemas[event] = {
      input: z.looseObject({
        ...createInputShape(profile.commonPayload),
        hook_event_name: z.literal(event),
        ...createInputShape(spec.payload),
      }),
      output: addStrictRules(createOutputSchema(event, spec), spec, profile.strictOutput),
    };
  }
  return schemas as EventSchemas<P>;
}

function createOutputSchema(event: string, spec: SchemaEventSpec): z.ZodObject {
  const topLevel = spec.topLevelFields.supported.filter(
    (name) => spec.honorsContinue || (name !== "continue" && name !== "stopReason"),
  );
  const blocksInSpecific = spec.decisionKind === "block" && spec.blockFields === "specific";
  const specific: Record<string, z.ZodType> = {
    ...(blocksInSpecific && blockDecisionFields),
    ...pickSpecificFields(
      spec.specificFields.supported,
      listAppliedPermissionDecisions(spec),
      spec.decisionFields?.supported ?? [],
    ),
  };
  const top: Record<string, z.ZodType> = {
    ...pickTopLevelFields(topLevel),
    ...createDecisionShape(spec, blocksInSpecific),
  };
  addAgentSpellings(spec.outputFields ?? [], top, specific);
  const hasSpecific = Object.keys(specific).length > 0;
  return z.strictObject({
    ...top,
    ...(hasSpecific && {
      hookSpecificOutput: z
        .strictObject({ hookEventName: z.literal(event), ...specific })
        .optional(),
    }),
  });
}

// The rules a strict agent applies beyond the fields' shapes, stated once in
// `findStrictOutputViolations`: what the engine fails, the schema refuses.
function addStrictRules(
  schema: z.ZodObject,
  spec: SchemaEventSpec,
  strict: SchemaStrictOutput | undefined,
): z.ZodObject {
  if (strict === undefined) return schema;
  return schema.superRefine((output, context) => {
    for (const violation of findStrictOutputViolations(strict, spec.decisionKind, output)) {
      context.addIssue({ code: "custom", message: violation.message });
    }
  });
}

const specificPrefix = "hookSpecificOutput.";

// Each field the agent spells its own way takes the schema of the engine's field it is read as,
// its values widened by the agent's spellings (Gemini CLI's `decision: "block"` for `deny`).
function addAgentSpellings(
  mappings: readonly OutputFieldMapping[],
  top: Record<string, z.ZodType>,
  specific: Record<string, z.ZodType>,
): void {
  const locate = (path: string) =>
    path.startsWith(specificPrefix)
      ? { shape: specific, key: path.slice(specificPrefix.length) }
      : { shape: top, key: path };
  for (const mapping of mappings) {
    const target = locate(mapping.to);
    const schema = Object.hasOwn(target.shape, target.key) ? target.shape[target.key] : undefined;
    if (schema === undefined) continue;
    const source = locate(mapping.from);
    source.shape[source.key] = widenValues(schema, mapping.values);
  }
}

function widenValues(
  schema: z.ZodType,
  values: Readonly<Record<string, string>> | undefined,
): z.ZodType {
  if (values === undefined) return schema;
  const inner = schema instanceof z.ZodOptional ? schema.unwrap() : schema;
  const own =
    inner instanceof z.ZodEnum
      ? inner.options.map(String)
      : inner instanceof z.ZodLiteral
        ? [...inner.values].map(String)
        : null;
  if (own === null) return schema;
  const spelled = Object.entries(values)
    .filter(([from, to]) => own.includes(to) && !own.includes(from))
    .map(([from]) => from);
  return z.enum([...own, ...spelled]).optional();
}

function createDecisionShape(spec: SchemaEventSpec, blocksInSpecific: boolean): z.ZodRawShape {
  if (spec.decisionKind === "block") return blocksInSpecific ? {} : blockDecisionFields;
  if (spec.decisionKind !== "permission") return {};
  const legacy = (["approve", "block"] as const).filter((value) => {
    const meaning = spec.legacyDecisions[value];
    return meaning !== undefined && meaning !== "unsupported";
  });
  return legacy.length > 0 ? legacyDecisionFields(legacy) : {};
}

function listAppliedPermissionDecisions(spec: SchemaEventSpec): string[] {
  const rules = spec.permissionDecisions ?? defaultPermissionDecisions;
  return Object.entries(rules)
    .filter(([, rule]) => rule === "apply")
    .map(([value]) => value);
}
