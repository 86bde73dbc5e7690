/** A span of time in milliseconds since the Unix epoch. */
export interface TimeInterval {
  startMs: number;
  endMs: number;
}

/** An idle stretch the axis shortened, at its position on the axis. */
export interface CollapsedGap {
  x: number;
  idleMs: number;
}

/** Maps times to pixels along a timeline whose long idle stretches are collapsed. */
export interface TimeScale {
  width: number;
  toX(timeMs: number): number;
  toTime(x: number): number;
  collapsedGaps: CollapsedGap[];
}

interface Knot {
  timeMs: number;
  axisMs: number;
}

/**
 * Builds a time axis `width` pixels wide covering every interval. Busy stretches keep their true
 * proportions; an idle gap longer than the average busy stretch per gap is shortened to it, so
 * 20 ms hooks stay visible in an hour-long session and the idle time never takes more than about
 * half of the axis.
 */
export function createTimeScale(intervals: readonly TimeInterval[], width: number): TimeScale {
  const clusters = mergeIntervals(intervals);
  const busyMs = clusters.reduce((sum, cluster) => sum + (cluster.endMs - cluster.startMs), 0);
  const gapCount = Math.max(1, clusters.length - 1);
  const gapCapMs = Math.max(busyMs / gapCount, 1);
  const knots: Knot[] = [];
  const gaps: { axisMs: number; idleMs: number }[] = [];
  let axisMs = 0;
  for (const [index, cluster] of clusters.entries()) {
    const previous = clusters[index - 1];
    if (previous !== undefined) {
      const idleMs = cluster.startMs - previous.endMs;
      const collapsed = idleMs > gapCapMs * 1.5;
      const shownMs = collapsed ? gapCapMs : idleMs;
      if (collapsed) gaps.push({ axisMs: axisMs + shownMs / 2, idleMs });
      axisMs += shownMs;
    }
    knots.push({ timeMs: cluster.startMs, axisMs });
    axisMs += cluster.endMs - cluster.startMs;
    knots.push({ timeMs: cluster.endMs, axisMs });
  }
  // A little room on both sides, so the first and last bars do not touch the edges.
  const paddingMs = Math.max(axisMs * 0.01, 0.5);
  const totalMs = axisMs + 2 * paddingMs;
  const pixelsPerMs = width / totalMs;
  const toAxisX = (value: number) => (value + paddingMs) * pixelsPerMs;
  return {
    width,
    toX: (timeMs) => toAxisX(interpolate(knots, timeMs, "timeMs", "axisMs")),
    toTime: (x) => interpolate(knots, x / pixelsPerMs - paddingMs, "axisMs", "timeMs"),
    collapsedGaps: gaps.map((gap) => ({ x: toAxisX(gap.axisMs), idleMs: gap.idleMs })),
  };
}

function mergeIntervals(intervals: readonly TimeInterval[]): TimeInterval[] {
  const sorted = [...intervals].sort((a, b) => a.startMs - b.startMs);
  const merged: TimeInterval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && interval.startMs <= last.endMs) {
      last.endMs = Math.max(last.endMs, interval.endMs);
    } else {
      merged.push({ startMs: interval.startMs, endMs: Math.max(interval.startMs, interval.endMs) });
    }
  }
  return merged;
}

// Piecewise-linear lookup between knots; outside them, extends the nearest end at 1:1.
function interpolate(
  knots: readonly Knot[],
  value: number,
  from: keyof Knot,
  to: keyof Knot,
): number {
  const first = knots[0];
  const last = knots[knots.length - 1];
  if (first === undefined || last === undefined) return value;
  if (value <= first[from]) return first[to] - (first[from] - value);
  if (value >= last[from]) return last[to] + (value - last[from]);
  let low = 0;
  let high = knots.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if ((knots[middle] as Knot)[from] <= value) low = middle;
    else high = middle;
  }
  const left = knots[low] as Knot;
  const right = knots[high] as Knot;
  const span = right[from] - left[from];
  if (span === 0) return left[to];
  return left[to] + ((value - left[from]) / span) * (right[to] - left[to]);
}
