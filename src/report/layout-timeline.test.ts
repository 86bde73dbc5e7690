import { describe, expect, it } from "vitest";
import { buildReportModel, type SessionReport } from "./build-report-model.js";
import { layoutTimeline } from "./layout-timeline.js";
import { parseAuditLog } from "./parse-audit-log.js";

const base = Date.parse("2026-11-30T08:00:00.000Z");

function sessionOf(
  runs: readonly { hookId: string; at: number; durationMs: number; status?: string }[],
  dispatches: readonly { at: number; durationMs: number; decision?: string }[] = [],
): SessionReport {
  const lines = [
    ...runs.map((run) => ({
      type: "run",
      session: "s",
      event: run.hookId.split(":")[0],
      hookId: run.hookId,
      command: "./hook.sh",
      status: run.status ?? "ok",
      startedAt: new Date(base + run.at).toISOString(),
      durationMs: run.durationMs,
    })),
    ...dispatches.map((dispatch) => ({
      type: "dispatch",
      session: "s",
      event: "PreToolUse",
      startedAt: new Date(base + dispatch.at).toISOString(),
      durationMs: dispatch.durationMs,
      decision: dispatch.decision ?? null,
    })),
  ];
  const parsed = parseAuditLog(lines.map((line) => JSON.stringify(line)).join("\n"));
  expect(parsed.skippedLines).toEqual([]);
  const session = buildReportModel(parsed.records).sessions[0];
  if (session === undefined) throw new Error("no session");
  return session;
}

const totalRuns = (layout: ReturnType<typeof layoutTimeline>) =>
  layout.lanes.reduce(
    (sum, lane) => sum + lane.bars.reduce((count, bar) => count + bar.runs.length, 0),
    0,
  );

describe("layoutTimeline", () => {
  it("draws one bar for a single run, inside the plot", () => {
    const layout = layoutTimeline(sessionOf([{ hookId: "Stop:0:0", at: 0, durationMs: 12 }]), 900);
    expect(layout.lanes).toHaveLength(1);
    const bar = layout.lanes[0]?.bars[0];
    expect(bar?.runs).toHaveLength(1);
    expect(bar?.x).toBeGreaterThanOrEqual(0);
    expect((bar?.x ?? 0) + (bar?.width ?? 0)).toBeLessThanOrEqual(900);
  });

  it("draws one bar per run when runs are apart, however short", () => {
    const runs = Array.from({ length: 20 }, (_, index) => ({
      hookId: "PreToolUse:0:0",
      at: index * 30_000,
      durationMs: 2,
    }));
    const layout = layoutTimeline(sessionOf(runs), 900);
    expect(layout.lanes[0]?.bars).toHaveLength(20);
    for (const bar of layout.lanes[0]?.bars ?? []) expect(bar.width).toBeGreaterThanOrEqual(3);
  });

  it("merges overlapping runs into one bar showing the worst status", () => {
    const layout = layoutTimeline(
      sessionOf([
        { hookId: "PreToolUse:0:0", at: 0, durationMs: 1_000 },
        { hookId: "PreToolUse:0:0", at: 10, durationMs: 5, status: "timeout" },
        { hookId: "PreToolUse:0:0", at: 20, durationMs: 5, status: "error" },
      ]),
      900,
    );
    expect(layout.lanes[0]?.bars).toHaveLength(1);
    expect(layout.lanes[0]?.bars[0]?.status).toBe("timeout");
    expect(layout.lanes[0]?.bars[0]?.runs).toHaveLength(3);
  });

  it("keeps back-to-back runs of one hook as separate bars", () => {
    const layout = layoutTimeline(
      sessionOf([
        { hookId: "Stop:0:0", at: 0, durationMs: 500 },
        { hookId: "Stop:0:0", at: 500, durationMs: 500 },
      ]),
      900,
    );
    expect(layout.lanes[0]?.bars.map((bar) => bar.runs.length)).toEqual([1, 1]);
  });

  it("aggregates 2,000 runs into columns and accounts for every run", () => {
    const runs = Array.from({ length: 2_000 }, (_, index) => ({
      hookId: index % 2 === 0 ? "PreToolUse:0:0" : "PostToolUse:0:0",
      at: Math.floor(index / 2) * 4_000,
      durationMs: 20 + (index % 7) * 30,
      status: index === 777 ? "timeout" : "ok",
    }));
    const layout = layoutTimeline(sessionOf(runs), 900);
    expect(totalRuns(layout)).toBe(2_000);
    for (const lane of layout.lanes) {
      expect(lane.bars.length).toBeLessThanOrEqual(900 / 4 + 1);
      for (const [index, bar] of lane.bars.entries()) {
        const previous = lane.bars[index - 1];
        if (previous !== undefined)
          expect(bar.x).toBeGreaterThanOrEqual(previous.x + previous.width);
      }
    }
    const statuses = layout.lanes.flatMap((lane) => lane.bars.map((bar) => bar.status));
    expect(statuses).toContain("timeout");
  });

  it("merges close dispatch markers under the strongest decision", () => {
    const layout = layoutTimeline(
      sessionOf(
        [{ hookId: "PreToolUse:0:0", at: 0, durationMs: 100_000 }],
        [
          { at: 0, durationMs: 1 },
          { at: 1, durationMs: 1, decision: "ask" },
          { at: 2, durationMs: 1, decision: "deny" },
          { at: 90_000, durationMs: 1, decision: "allow" },
        ],
      ),
      900,
    );
    expect(layout.markers.map((marker) => [marker.decision, marker.dispatches.length])).toEqual([
      ["deny", 3],
      ["allow", 1],
    ]);
  });

  it("labels ticks with offsets from the session start, increasing", () => {
    const layout = layoutTimeline(
      sessionOf([
        { hookId: "Stop:0:0", at: 0, durationMs: 10 },
        { hookId: "Stop:0:0", at: 60_000, durationMs: 10 },
      ]),
      900,
    );
    expect(layout.ticks[0]?.offsetMs).toBe(0);
    const offsets = layout.ticks.map((tick) => tick.offsetMs);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    expect(layout.collapsedGaps).toHaveLength(1);
  });
});
