import { z } from "zod";
import { diagnosticCodes } from "../diagnostic.js";
import type {
  ExplainEntry,
  ExplainReason,
  ExplainReasonKind,
  HookExplanation,
} from "../explain/explain-hooks.js";
import type { HookTrustState } from "../trust/evaluate-hook-trust.js";
import { createNotHashedWordSchema } from "../trust/not-hashed-word-schema.js";
import { diagnosticSchema } from "./dispatch-result-schema.js";
import { parseRemoteAnswer, type RemoteAnswer } from "./parse-remote-answer.js";

// Tables keyed by the union, and shapes keyed by the interfaces (optional fields included), so a
// new kind, state or field fails the type check until it is added here, never silently dropped.
const reasonKinds = {
  event: "event",
  matcher: "matcher",
  if: "if",
  trust: "trust",
  disabled: "disabled",
  duplicate: "duplicate",
  "invalid-config": "invalid-config",
  script: "script",
  shell: "shell",
  "hooks-off": "hooks-off",
  "managed-only": "managed-only",
  "project-untrusted": "project-untrusted",
} as const satisfies { [Kind in ExplainReasonKind]: Kind };

const trustStates = {
  trusted: "trusted",
  untrusted: "untrusted",
  modified: "modified",
  managed: "managed",
  disabled: "disabled",
  bypassed: "bypassed",
  none: "none",
} as const satisfies { [State in HookTrustState]: State };

type FieldSchemas<Shape> = { [Key in keyof Required<Shape>]: z.ZodType };

const reasonSchema = z.object({
  kind: z.enum(reasonKinds),
  message: z.string(),
  code: z.enum(diagnosticCodes).nullable(),
  file: z.string().nullable(),
  path: z.string().nullable(),
  matcher: z.string().nullable().exactOptional(),
  value: z.string().nullable().exactOptional(),
  rule: z.string().exactOptional(),
} satisfies FieldSchemas<ExplainReason>);

const entrySchema = z.object({
  hookId: z.string().nullable(),
  event: z.string().nullable(),
  source: z.string().nullable(),
  layer: z.string().nullable(),
  path: z.string().nullable(),
  command: z.union([z.string(), z.array(z.string())]).nullable(),
  matcher: z.string().nullable(),
  trust: z.enum(trustStates).nullable(),
  notHashed: z.array(createNotHashedWordSchema(z)).exactOptional(),
  verdict: z.enum(["would-run", "would-fail", "skipped"]),
  reasons: z.array(reasonSchema),
} satisfies FieldSchemas<ExplainEntry>);

const hookExplanationSchema = z.object({
  event: z.string(),
  matchField: z.string().nullable(),
  matchValue: z.string().nullable(),
  aliases: z.array(z.string()),
  entries: z.array(entrySchema),
  diagnostics: z.array(diagnosticSchema),
} satisfies FieldSchemas<HookExplanation>);

/** Checks a `hooks/explain` answer from the hook side (untrusted JSON) against `HookExplanation`. */
export function parseHookExplanation(value: unknown): RemoteAnswer<HookExplanation> {
  return parseRemoteAnswer(hookExplanationSchema, "HookExplanation", value);
}
