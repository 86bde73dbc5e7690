import { describe, expect, it } from "vitest";
import { createTimeScale } from "./create-time-scale.js";

describe("createTimeScale", () => {
  it("keeps busy stretches in proportion and inside the width", () => {
    const scale = createTimeScale([{ startMs: 1_000, endMs: 1_100 }], 1_000);
    const start = scale.toX(1_000);
    const middle = scale.toX(1_050);
    const end = scale.toX(1_100);
    expect(start).toBeGreaterThan(0);
    expect(end).toBeLessThan(1_000);
    expect(middle - start).toBeCloseTo(end - middle, 6);
    expect(scale.collapsedGaps).toEqual([]);
  });

  it("collapses a long idle gap so short runs on both sides stay visible", () => {
    const scale = createTimeScale(
      [
        { startMs: 0, endMs: 50 },
        { startMs: 600_000, endMs: 600_050 },
      ],
      1_000,
    );
    // Each 50 ms run takes about a quarter of the axis instead of 0.008% of a linear one.
    expect(scale.toX(50) - scale.toX(0)).toBeGreaterThan(200);
    expect(scale.toX(600_050) - scale.toX(600_000)).toBeGreaterThan(200);
    expect(scale.collapsedGaps).toHaveLength(1);
    expect(scale.collapsedGaps[0]?.idleMs).toBe(599_950);
  });

  it("keeps a short gap at its true length", () => {
    const scale = createTimeScale(
      [
        { startMs: 0, endMs: 100 },
        { startMs: 110, endMs: 200 },
      ],
      1_000,
    );
    expect(scale.collapsedGaps).toEqual([]);
    expect(scale.toX(110) - scale.toX(100)).toBeCloseTo((scale.toX(200) - scale.toX(0)) * 0.05, 6);
  });

  it("is monotonic and inverts back to the time at every knot", () => {
    const intervals = [
      { startMs: 0, endMs: 20 },
      { startMs: 10, endMs: 30 },
      { startMs: 5_000, endMs: 5_000 },
      { startMs: 90_000, endMs: 95_000 },
    ];
    const scale = createTimeScale(intervals, 800);
    const times = [0, 10, 20, 30, 2_000, 5_000, 50_000, 90_000, 92_500, 95_000];
    const positions = times.map((time) => scale.toX(time));
    for (const [index, x] of positions.entries()) {
      if (index > 0) expect(x).toBeGreaterThanOrEqual(positions[index - 1] ?? 0);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(800);
    }
    for (const time of [0, 30, 90_000, 95_000]) {
      expect(scale.toTime(scale.toX(time))).toBeCloseTo(time, 3);
    }
  });

  it("handles a single instant", () => {
    const scale = createTimeScale([{ startMs: 5, endMs: 5 }], 100);
    expect(Number.isFinite(scale.toX(5))).toBe(true);
    expect(scale.toX(5)).toBeGreaterThanOrEqual(0);
    expect(scale.toX(5)).toBeLessThanOrEqual(100);
  });
});
