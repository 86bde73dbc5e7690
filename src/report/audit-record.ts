import { z } from "zod";

const statuses = ["ok", "blocked", "error", "timeout", "skipped", "async"] as const;
const decisions = ["allow", "deny", "ask", "defer", "block"] as const;

const diagnosticSchema = z.looseObject({
  code: z.string(),
  severity: z.string(),
  message: z.string(),
});

// What both kinds of line carry, in two groups so that each schema keeps its field order (and
// a line with several problems still reports the same first one).
const recordIdentityFields = {
  time: z.string().optional(),
  session: z.string().nullable(),
  dispatchId: z.string().nullable().default(null),
  event: z.string(),
};
const recordTimingFields = {
  startedAt: z.iso.datetime({ offset: true }),
  durationMs: z.number().nonnegative(),
  decision: z.enum(decisions).nullable().default(null),
};
const diagnosticsField = z.array(diagnosticSchema).default([]);

const runSchema = z.looseObject({
  type: z.literal("run"),
  ...recordIdentityFields,
  hookId: z.string(),
  source: z.string().nullable().default(null),
  path: z.string().nullable().default(null),
  command: z.union([z.string(), z.array(z.string())]),
  matcher: z.string().nullable().default(null),
  status: z.enum(statuses),
  exitCode: z.number().nullable().default(null),
  signal: z.string().nullable().default(null),
  ...recordTimingFields,
  truncated: z.boolean().default(false),
  spilled: z.boolean().default(false),
  diagnostics: diagnosticsField,
});

const dispatchSchema = z.looseObject({
  type: z.literal("dispatch"),
  ...recordIdentityFields,
  matcherValue: z.string().nullable().default(null),
  ...recordTimingFields,
  reason: z.string().nullable().default(null),
  continue: z.boolean().default(true),
  runCount: z.number().int().nonnegative().optional(),
  diagnostics: diagnosticsField,
});

/** One line of an audit log: a hook run or a dispatch, as the engine's audit writer appends it. */
export const auditRecordSchema = z.discriminatedUnion("type", [runSchema, dispatchSchema]);

/** A validated audit line; unknown extra fields are kept and ignored. */
export type AuditRecord = z.output<typeof auditRecordSchema>;

/** A validated `run` line: one hook handler's run. */
export type AuditRunRecord = Extract<AuditRecord, { type: "run" }>;

/** A validated `dispatch` line: one event's combined outcome. */
export type AuditDispatchRecord = Extract<AuditRecord, { type: "dispatch" }>;
