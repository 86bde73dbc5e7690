import { z } from "zod";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { diagnosticCodes } from "../diagnostic.js";
import { parseRemoteAnswer, type RemoteAnswer } from "./parse-remote-answer.js";

/** A `Diagnostic` in an answer from the hook side. */
export const diagnosticSchema = z.object({
  code: z.enum(diagnosticCodes),
  severity: z.enum(["error", "warning", "info"]),
  message: z.string(),
  file: z.string().nullable(),
  path: z.string().nullable(),
});

const runSummarySchema = z.object({
  id: z.string(),
  command: z.union([z.string(), z.array(z.string())]),
  source: z.string(),
  path: z.string(),
  status: z.enum(["ok", "blocked", "error", "timeout", "skipped", "async"]),
  exitCode: z.number().nullable(),
  signal: z.string().nullable(),
  durationMs: z.number(),
});

const dispatchResultSchema = z.object({
  event: z.string(),
  decision: z.enum(["allow", "deny", "ask", "defer", "block"]).nullable(),
  reason: z.string().nullable(),
  continue: z.boolean(),
  stopReason: z.string().nullable(),
  systemMessages: z.array(z.string()),
  additionalContext: z.array(z.string()),
  updatedInput: z.unknown(),
  environment: z.record(z.string(), z.string()).optional(),
  eventOutput: z.record(z.string(), z.unknown()).optional(),
  runs: z.array(runSummarySchema),
  diagnostics: z.array(diagnosticSchema),
});

/** Checks an answer from the hook side (untrusted JSON) against the `DispatchResult` shape. */
export function parseDispatchResult(value: unknown): RemoteAnswer<DispatchResult> {
  const parsed = parseRemoteAnswer(dispatchResultSchema, "DispatchResult", value);
  if (!parsed.ok) return parsed;
  const { environment, eventOutput, ...result } = parsed.value;
  return {
    ok: true,
    value: {
      ...result,
      updatedInput: result.updatedInput ?? null,
      ...(environment !== undefined && { environment }),
      ...(eventOutput !== undefined && { eventOutput }),
    },
  };
}

const initializeResultSchema = z.object({
  protocolVersion: z.number(),
  profile: z.string(),
  events: z.array(z.string()),
  diagnostics: z.array(diagnosticSchema),
});

/** What `hooks/initialize` answers: the serving profile, its events and its load diagnostics. */
export type InitializeResult = z.infer<typeof initializeResultSchema>;

/** Checks a `hooks/initialize` answer (untrusted JSON). */
export function parseInitializeResult(value: unknown): RemoteAnswer<InitializeResult> {
  return parseRemoteAnswer(initializeResultSchema, "InitializeResult", value);
}
