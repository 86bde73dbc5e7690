import type { z as Zod } from "zod";
import type { DispatchResultSchemas } from "../decide/dispatch-result-schema.js";

/**
 * Builds the zod schemas of the run events (`onRunStart`, `onRunEnd`) with the given zod and the
 * dispatch result's schemas, so their TypeScript types are inferred from the same declaration
 * `serve` sends as `hooks/runStarted` and `hooks/runEnded`.
 *
 * @example
 * ```ts
 * const { runStart, runEnd } = createRunEventSchemas(z, createDispatchResultSchemas(z));
 * ```
 */
export function createRunEventSchemas(
  z: typeof Zod,
  { hookCommand, runSummary }: Pick<DispatchResultSchemas, "hookCommand" | "runSummary">,
) {
  const runStart = z.object({
    id: z.string(),
    event: z.string(),
    command: hookCommand,
    /** The handler's `statusMessage`, for the host to show while it runs, or null. */
    statusMessage: z.string().nullable(),
    source: z.string(),
    path: z.string(),
  });
  const runEnd = runSummary.extend({
    event: z.string(),
    stdout: z.string(),
    stderr: z.string(),
    timedOut: z.boolean(),
  });
  return { runStart, runEnd };
}

/** The schemas {@link createRunEventSchemas} builds. */
export type RunEventSchemas = ReturnType<typeof createRunEventSchemas>;

/** A handler about to run, as passed to `onRunStart`. */
export type RunStart = Zod.output<RunEventSchemas["runStart"]>;

/** A finished handler, as passed to `onRunEnd`: the summary plus its captured output. */
export type RunEnd = Zod.output<RunEventSchemas["runEnd"]>;
