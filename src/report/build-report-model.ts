import type { Decision, RunStatus } from "../decide/dispatch-result.js";
import { formatCommand } from "../shell/quote-shell-word.js";
import type { AuditDispatchRecord, AuditRecord, AuditRunRecord } from "./audit-record.js";
import { type HookFailure, type HookTiming, summarizeHooks } from "./summarize-hooks.js";

/** Run statuses in the order the report lists them. */
export const runStatuses = [
  "ok",
  "blocked",
  "error",
  "timeout",
  "skipped",
  "async",
] as const satisfies readonly RunStatus[];

/** Combined decisions in the order the report lists them; `none` is a dispatch that decided nothing. */
export const reportedDecisions = [
  "deny",
  "block",
  "ask",
  "defer",
  "allow",
  "none",
] as const satisfies readonly (Decision | "none")[];

/** A dispatch's decision as the report counts it. */
export type ReportedDecision = (typeof reportedDecisions)[number];

/** One hook run placed on its session's time axis. */
export interface ReportRun {
  hookId: string;
  event: string;
  dispatchId: string | null;
  command: string;
  source: string | null;
  path: string | null;
  matcher: string | null;
  status: RunStatus;
  exitCode: number | null;
  signal: string | null;
  decision: Decision | null;
  /** Milliseconds since the Unix epoch. */
  startMs: number;
  /** Milliseconds after the session's first record began. */
  offsetMs: number;
  durationMs: number;
  truncated: boolean;
  spilled: boolean;
  diagnostics: { code: string; severity: string; message: string }[];
}

/** One dispatch (an event through every matching hook) placed on its session's time axis. */
export interface ReportDispatch {
  dispatchId: string | null;
  event: string;
  matcherValue: string | null;
  decision: ReportedDecision;
  reason: string | null;
  continue: boolean;
  startMs: number;
  offsetMs: number;
  durationMs: number;
  runCount: number;
}

/** One timeline lane: every run of one hook id, in start order. */
export interface ReportLane {
  hookId: string;
  event: string;
  /** The command most of the lane's runs had. */
  command: string;
  source: string | null;
  path: string | null;
  runs: ReportRun[];
}

/** Everything the report shows for one session. */
export interface SessionReport {
  session: string;
  startMs: number;
  endMs: number;
  lanes: ReportLane[];
  dispatches: ReportDispatch[];
  runCount: number;
  statusCounts: Record<RunStatus, number>;
  decisionCounts: Record<ReportedDecision, number>;
  slowest: HookTiming[];
  failing: HookFailure[];
}

/** The report's model: one entry per session, in order of first appearance. */
export interface ReportModel {
  sessions: SessionReport[];
}

const noSession = "(no session)";

/** Groups audit records into sessions, lanes, bars, dispatch markers and hook tables. */
export function buildReportModel(records: readonly AuditRecord[]): ReportModel {
  const bySession = new Map<
    string,
    { runs: AuditRunRecord[]; dispatches: AuditDispatchRecord[] }
  >();
  for (const record of records) {
    const key = record.session ?? noSession;
    let group = bySession.get(key);
    if (group === undefined) {
      group = { runs: [], dispatches: [] };
      bySession.set(key, group);
    }
    if (record.type === "run") group.runs.push(record);
    else group.dispatches.push(record);
  }
  return {
    sessions: [...bySession].map(([session, group]) =>
      buildSessionReport(session, group.runs, group.dispatches),
    ),
  };
}

function buildSessionReport(
  session: string,
  runRecords: readonly AuditRunRecord[],
  dispatchRecords: readonly AuditDispatchRecord[],
): SessionReport {
  let startMs = Number.POSITIVE_INFINITY;
  let endMs = Number.NEGATIVE_INFINITY;
  for (const record of [...runRecords, ...dispatchRecords]) {
    const recordStartMs = Date.parse(record.startedAt);
    startMs = Math.min(startMs, recordStartMs);
    endMs = Math.max(endMs, recordStartMs + record.durationMs);
  }
  const runs = runRecords
    .map((record) => toReportRun(record, startMs))
    .sort((a, b) => a.startMs - b.startMs);
  const dispatches = dispatchRecords
    .map((record) => toReportDispatch(record, startMs))
    .sort((a, b) => a.startMs - b.startMs);
  const lanes = groupLanes(runs);
  const statusCounts = countBy(runStatuses, runs, (run) => run.status);
  const decisionCounts = countBy(reportedDecisions, dispatches, (dispatch) => dispatch.decision);
  return {
    session,
    startMs,
    endMs,
    lanes,
    dispatches,
    runCount: runs.length,
    statusCounts,
    decisionCounts,
    ...summarizeHooks(lanes),
  };
}

function toReportRun(record: AuditRunRecord, sessionStartMs: number): ReportRun {
  return {
    hookId: record.hookId,
    event: record.event,
    dispatchId: record.dispatchId,
    command: formatCommand(record.command),
    source: record.source,
    path: record.path,
    matcher: record.matcher,
    status: record.status,
    exitCode: record.exitCode,
    signal: record.signal,
    decision: record.decision,
    ...placeOnTimeAxis(record, sessionStartMs),
    truncated: record.truncated,
    spilled: record.spilled,
    diagnostics: record.diagnostics.map(({ code, severity, message }) => ({
      code,
      severity,
      message,
    })),
  };
}

function toReportDispatch(record: AuditDispatchRecord, sessionStartMs: number): ReportDispatch {
  return {
    dispatchId: record.dispatchId,
    event: record.event,
    matcherValue: record.matcherValue,
    decision: record.decision ?? "none",
    reason: record.reason,
    continue: record.continue,
    ...placeOnTimeAxis(record, sessionStartMs),
    runCount: record.runCount ?? 0,
  };
}

// Where a record lies on its session's time axis.
function placeOnTimeAxis(
  record: AuditRecord,
  sessionStartMs: number,
): { startMs: number; offsetMs: number; durationMs: number } {
  const startMs = Date.parse(record.startedAt);
  return { startMs, offsetMs: startMs - sessionStartMs, durationMs: record.durationMs };
}

// Lanes are grouped by event, events in the order they first ran, hooks in configuration order.
function groupLanes(runs: readonly ReportRun[]): ReportLane[] {
  const lanes = new Map<string, ReportLane>();
  for (const run of runs) {
    const lane = lanes.get(run.hookId);
    if (lane === undefined) {
      lanes.set(run.hookId, {
        hookId: run.hookId,
        event: run.event,
        command: run.command,
        source: run.source,
        path: run.path,
        runs: [run],
      });
    } else {
      lane.runs.push(run);
    }
  }
  const eventOrder = [...new Set(runs.map((run) => run.event))];
  for (const lane of lanes.values()) lane.command = mostCommon(lane.runs.map((run) => run.command));
  return [...lanes.values()].sort(
    (a, b) =>
      eventOrder.indexOf(a.event) - eventOrder.indexOf(b.event) ||
      a.hookId.localeCompare(b.hookId, "en", { numeric: true }),
  );
}

function mostCommon(values: readonly string[]): string {
  const counts = new Map<string, number>();
  let best = values[0] ?? "";
  for (const value of values) {
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > (counts.get(best) ?? 0)) best = value;
  }
  return best;
}

function countBy<Key extends string, Item>(
  keys: readonly Key[],
  items: readonly Item[],
  keyOf: (item: Item) => Key,
): Record<Key, number> {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;
  for (const item of items) counts[keyOf(item)] += 1;
  return counts;
}
