import type { z as Zod } from "zod";
import { diagnosticCodes } from "../diagnostic.js";

// `DispatchResult` and what it holds, declared once: the library's types are inferred from these
// schemas, and `serve` parses and publishes (schemas/protocol.json) with the same ones. Built by a
// function taking zod, so the dispatch path (which needs only the types) never loads zod.

/** The decisions, in the order the docs list them. */
export const decisions = ["allow", "deny", "ask", "defer", "block"] as const;

/** How one handler run can end, as listed in a dispatch result. */
export const runStatuses = ["ok", "blocked", "error", "timeout", "skipped", "async"] as const;

/**
 * Builds the zod schemas of a dispatch result with the given zod (`serve` passes its own import,
 * the rest of the library `requireZod()`), so a result is checked, and published, by the same
 * declaration its TypeScript type is inferred from.
 *
 * @example
 * ```ts
 * const { dispatchResult } = createDispatchResultSchemas(requireZod());
 * const parsed = dispatchResult.safeParse(JSON.parse(text));
 * ```
 */
export function createDispatchResultSchemas(z: typeof Zod) {
  const diagnostic = z.object({
    code: z.enum(diagnosticCodes),
    severity: z.enum(["error", "warning", "info"]),
    message: z.string(),
    file: z.string().nullable(),
    path: z.string().nullable(),
  });
  const hookCommand = z.union([z.string(), z.array(z.string()).readonly()]);
  const runSummary = z.object({
    /** `<event>:<group>:<handler>`, unique within an engine's configuration. */
    id: z.string(),
    command: hookCommand,
    /** The configuration file the handler came from. */
    source: z.string(),
    /** JSON path of the handler in `source`. */
    path: z.string(),
    status: z.enum(runStatuses),
    exitCode: z.number().nullable(),
    signal: z.string().nullable(),
    durationMs: z.number(),
  });
  const dispatchResult = z.object({
    event: z.string(),
    decision: z.enum(decisions).nullable(),
    reason: z.string().nullable(),
    continue: z.boolean(),
    stopReason: z.string().nullable(),
    systemMessages: z.array(z.string()),
    additionalContext: z.array(z.string()),
    updatedInput: z.unknown(),
    /**
     * Variables the handlers exported through their environment file (`CLAUDE_ENV_FILE`) for the
     * host to apply, merged in configuration order (a later handler's value wins); absent when none.
     */
    environment: z.record(z.string(), z.string()).optional(),
    /**
     * The event's output fields the engine passes on without applying them (`watchPaths`,
     * `updatedToolOutput`, `worktreePath`, …, see `eventOutputFields`), checked against their
     * types and merged in configuration order (the first value wins, lists are concatenated);
     * absent when no handler returned one.
     */
    eventOutput: z.record(z.string(), z.unknown()).optional(),
    runs: z.array(runSummary),
    diagnostics: z.array(diagnostic),
  });
  return { diagnostic, hookCommand, runSummary, dispatchResult };
}

/** The schemas {@link createDispatchResultSchemas} builds. */
export type DispatchResultSchemas = ReturnType<typeof createDispatchResultSchemas>;

/**
 * A combined decision: allow / deny / ask for permissions, defer to hand a tool call back to the
 * host's own permission flow (Claude Code's PreToolUse), block to keep a turn going.
 */
export type Decision = (typeof decisions)[number];

/** How one handler run ended, as listed in a dispatch result; `async`: started in the background, not awaited. */
export type RunStatus = (typeof runStatuses)[number];

/** One handler of a dispatch, listed in configuration order. */
export type RunSummary = Zod.output<DispatchResultSchemas["runSummary"]>;

/** The combined outcome of one event: what the host should do, and what happened on the way. */
export type DispatchResult = Zod.output<DispatchResultSchemas["dispatchResult"]>;
