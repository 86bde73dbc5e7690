import { describe, expect, it } from "vitest";
import type { AuditRecord } from "./audit-record.js";
import { buildReportModel } from "./build-report-model.js";
import { parseAuditLog } from "./parse-audit-log.js";

const base = Date.parse("2026-11-30T08:00:00.000Z");

function runLine(fields: {
  session?: string;
  hookId: string;
  at: number;
  durationMs: number;
  status?: string;
  command?: string;
  exitCode?: number | null;
  signal?: string | null;
  message?: string;
}): Record<string, unknown> {
  return {
    type: "run",
    session: fields.session ?? "s1",
    dispatchId: `d-${fields.at}`,
    event: fields.hookId.split(":")[0],
    hookId: fields.hookId,
    command: fields.command ?? `./${fields.hookId.replaceAll(":", "-")}.sh`,
    status: fields.status ?? "ok",
    exitCode: fields.exitCode === undefined ? 0 : fields.exitCode,
    signal: fields.signal ?? null,
    startedAt: new Date(base + fields.at).toISOString(),
    durationMs: fields.durationMs,
    decision: null,
    diagnostics:
      fields.message === undefined
        ? []
        : [{ code: "nonzero_exit", severity: "warning", message: fields.message }],
  };
}

function dispatchLine(fields: {
  session?: string;
  event: string;
  at: number;
  durationMs: number;
  decision?: string | null;
  continue?: boolean;
}): Record<string, unknown> {
  return {
    type: "dispatch",
    session: fields.session ?? "s1",
    dispatchId: `d-${fields.at}`,
    event: fields.event,
    matcherValue: null,
    startedAt: new Date(base + fields.at).toISOString(),
    durationMs: fields.durationMs,
    decision: fields.decision ?? null,
    reason: null,
    continue: fields.continue ?? true,
    runCount: 1,
  };
}

function recordsOf(values: readonly Record<string, unknown>[]): AuditRecord[] {
  const parsed = parseAuditLog(values.map((value) => JSON.stringify(value)).join("\n"));
  expect(parsed.skippedLines).toEqual([]);
  return parsed.records;
}

describe("buildReportModel", () => {
  it("makes one section per session, in order of first appearance", () => {
    const model = buildReportModel(
      recordsOf([
        runLine({ session: "b", hookId: "Stop:0:0", at: 0, durationMs: 1 }),
        runLine({ session: "a", hookId: "Stop:0:0", at: 5, durationMs: 1 }),
        runLine({ session: "b", hookId: "Stop:0:0", at: 9, durationMs: 1 }),
      ]),
    );
    expect(model.sessions.map((session) => [session.session, session.runCount])).toEqual([
      ["b", 2],
      ["a", 1],
    ]);
  });

  it("makes one lane per hook id, grouped by event in first-run order, hooks in config order", () => {
    const model = buildReportModel(
      recordsOf([
        runLine({ hookId: "PreToolUse:1:0", at: 0, durationMs: 1 }),
        runLine({ hookId: "Stop:0:0", at: 10, durationMs: 1 }),
        runLine({ hookId: "PreToolUse:0:10", at: 20, durationMs: 1 }),
        runLine({ hookId: "PreToolUse:0:2", at: 30, durationMs: 1 }),
        runLine({ hookId: "PreToolUse:1:0", at: 40, durationMs: 1 }),
      ]),
    );
    const [session] = model.sessions;
    expect(session?.lanes.map((lane) => [lane.hookId, lane.runs.length])).toEqual([
      ["PreToolUse:0:2", 1],
      ["PreToolUse:0:10", 1],
      ["PreToolUse:1:0", 2],
      ["Stop:0:0", 1],
    ]);
  });

  it("measures offsets from the session's earliest start, dispatches included", () => {
    const model = buildReportModel(
      recordsOf([
        runLine({ hookId: "Stop:0:0", at: 1_002, durationMs: 40 }),
        dispatchLine({ event: "Stop", at: 1_000, durationMs: 45 }),
      ]),
    );
    const session = model.sessions[0];
    expect(session?.startMs).toBe(base + 1_000);
    expect(session?.endMs).toBe(base + 1_045);
    expect(session?.lanes[0]?.runs[0]?.offsetMs).toBe(2);
    expect(session?.dispatches[0]?.offsetMs).toBe(0);
  });

  it("counts runs by status and dispatches by combined decision", () => {
    const model = buildReportModel(
      recordsOf([
        runLine({ hookId: "PreToolUse:0:0", at: 0, durationMs: 1 }),
        runLine({ hookId: "PreToolUse:0:0", at: 10, durationMs: 1, status: "blocked" }),
        runLine({ hookId: "PreToolUse:0:1", at: 20, durationMs: 1, status: "error" }),
        runLine({ hookId: "PreToolUse:0:1", at: 30, durationMs: 1, status: "timeout" }),
        runLine({ hookId: "PreToolUse:0:1", at: 40, durationMs: 0, status: "skipped" }),
        dispatchLine({ event: "PreToolUse", at: 0, durationMs: 2, decision: "deny" }),
        dispatchLine({ event: "PreToolUse", at: 10, durationMs: 2, decision: "ask" }),
        dispatchLine({ event: "Stop", at: 20, durationMs: 2, decision: "block" }),
        dispatchLine({ event: "PreToolUse", at: 30, durationMs: 2 }),
      ]),
    );
    const session = model.sessions[0];
    expect(session?.statusCounts).toEqual({
      ok: 1,
      blocked: 1,
      error: 1,
      timeout: 1,
      skipped: 1,
      async: 0,
    });
    expect(session?.decisionCounts).toEqual({
      deny: 1,
      block: 1,
      ask: 1,
      defer: 0,
      allow: 0,
      none: 1,
    });
  });

  it("ranks the slowest hooks by max, then median, leaving skipped runs out", () => {
    const model = buildReportModel(
      recordsOf([
        runLine({ hookId: "PreToolUse:0:0", at: 0, durationMs: 10 }),
        runLine({ hookId: "PreToolUse:0:0", at: 100, durationMs: 30 }),
        runLine({ hookId: "PreToolUse:0:0", at: 200, durationMs: 500 }),
        runLine({ hookId: "PreToolUse:0:1", at: 300, durationMs: 500 }),
        runLine({ hookId: "PreToolUse:0:1", at: 400, durationMs: 400 }),
        runLine({ hookId: "PreToolUse:0:2", at: 500, durationMs: 0, status: "skipped" }),
      ]),
    );
    expect(
      model.sessions[0]?.slowest.map((hook) => [hook.hookId, hook.runs, hook.p50Ms, hook.maxMs]),
    ).toEqual([
      ["PreToolUse:0:1", 2, 450, 500],
      ["PreToolUse:0:0", 3, 30, 500],
    ]);
  });

  it("lists failing hooks with error and timeout counts and how the last failure ended", () => {
    const model = buildReportModel(
      recordsOf([
        runLine({ hookId: "PostToolUse:0:0", at: 0, durationMs: 5, status: "error", exitCode: 1 }),
        runLine({
          hookId: "PostToolUse:0:0",
          at: 100,
          durationMs: 5000,
          status: "timeout",
          exitCode: null,
          signal: "SIGKILL",
          message: "timed out after 5 s",
        }),
        runLine({ hookId: "PostToolUse:0:0", at: 6000, durationMs: 5 }),
        runLine({ hookId: "PostToolUse:0:1", at: 0, durationMs: 5, status: "blocked" }),
      ]),
    );
    expect(model.sessions[0]?.failing).toEqual([
      {
        hookId: "PostToolUse:0:0",
        event: "PostToolUse",
        command: "./PostToolUse-0-0.sh",
        runs: 3,
        errors: 1,
        timeouts: 1,
        lastExitCode: null,
        lastSignal: "SIGKILL",
        lastOffsetMs: 100,
        lastMessage: "timed out after 5 s",
      },
    ]);
  });

  it("labels a lane with the command most of its runs had", () => {
    const model = buildReportModel(
      recordsOf([
        runLine({ hookId: "Stop:0:0", at: 0, durationMs: 1, command: "./old.sh" }),
        runLine({ hookId: "Stop:0:0", at: 10, durationMs: 1, command: "./new.sh" }),
        runLine({ hookId: "Stop:0:0", at: 20, durationMs: 1, command: "./new.sh" }),
      ]),
    );
    expect(model.sessions[0]?.lanes[0]?.command).toBe("./new.sh");
  });
});
