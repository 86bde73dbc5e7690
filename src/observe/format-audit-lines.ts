import type { DispatchObservation } from "./dispatch-observation.js";

/**
 * The audit log lines of one dispatch (docs/observability.md): a `run` line per handler, then the
 * `dispatch` line, each ending in a newline. Payload and output text only with `withPayloads`.
 */
export function formatAuditLines(
  observation: DispatchObservation,
  withPayloads: boolean,
  now: Date = new Date(),
): string[] {
  const time = now.toISOString();
  const { dispatchId, session, event } = observation;
  const lines = observation.runs.map((run) => {
    const { summary } = run;
    const record = {
      type: "run",
      time,
      session,
      dispatchId,
      event,
      hookId: summary.id,
      source: summary.source,
      path: summary.path,
      command: summary.command,
      matcher: run.matcher,
      status: summary.status,
      exitCode: summary.exitCode,
      signal: summary.signal,
      startedAt: new Date(run.startedAt).toISOString(),
      durationMs: summary.durationMs,
      decision: run.decision,
      truncated: run.truncated,
      spilled: run.spilled,
      diagnostics: run.diagnostics,
      ...(withPayloads && { stdout: run.stdout ?? "", stderr: run.stderr ?? "" }),
    };
    return `${JSON.stringify(record)}\n`;
  });
  const { result } = observation;
  const dispatch = JSON.stringify({
    type: "dispatch",
    time,
    session,
    dispatchId,
    event,
    matcherValue: observation.matcherValue,
    startedAt: new Date(observation.startedAt).toISOString(),
    durationMs: Math.round(observation.durationMs * 10) / 10,
    decision: result.decision,
    reason: result.reason,
    continue: result.continue,
    runCount: result.runs.length,
    diagnostics: result.diagnostics,
  });
  // The payload is already JSON text: splice it in rather than parse and serialize it again.
  const payload = withPayloads && observation.payload !== null ? observation.payload : null;
  lines.push(
    payload === null ? `${dispatch}\n` : `${dispatch.slice(0, -1)},"payload":${payload}}\n`,
  );
  return lines;
}
