import type { RunStatus } from "../decide/dispatch-result.js";
import type {
  ReportDispatch,
  ReportedDecision,
  ReportLane,
  ReportRun,
  SessionReport,
} from "./build-report-model.js";
import { type CollapsedGap, createTimeScale } from "./create-time-scale.js";

/**
 * One drawn bar: a single run, or neighbouring runs too close to draw apart; `status` is the worst
 * of its runs' statuses.
 */
export interface TimelineBar {
  x: number;
  width: number;
  status: RunStatus;
  runs: ReportRun[];
}

/** One drawn dispatch marker: a dispatch, or several too close to draw apart (the strongest decision). */
export interface TimelineMarker {
  x: number;
  endX: number;
  decision: ReportedDecision;
  dispatches: ReportDispatch[];
}

/** A labelled tick on the time axis, as an offset from the session's start. */
export interface TimelineTick {
  x: number;
  offsetMs: number;
}

/** Pixel positions of everything on one session's timeline plot (x from 0 to `width`). */
export interface TimelineLayout {
  width: number;
  lanes: { lane: ReportLane; bars: TimelineBar[] }[];
  markers: TimelineMarker[];
  ticks: TimelineTick[];
  collapsedGaps: CollapsedGap[];
}

const minimumBarWidth = 3;
const columnWidth = 4;
// Past this many runs in one drawn bar, a lane switches to fixed columns so bars cannot chain.
const crowdedGroupSize = 4;
const markerSpacing = 9;
const tickSpacing = 120;

// Which status a merged bar shows: failures first, so an aggregate never hides one.
const statusWeight: Record<RunStatus, number> = {
  timeout: 5,
  error: 4,
  blocked: 3,
  ok: 2,
  skipped: 1,
  async: 0,
};

const decisionWeight: Record<ReportedDecision, number> = {
  deny: 6,
  block: 5,
  defer: 4,
  ask: 3,
  allow: 2,
  none: 1,
};

/** Lays out a session's lanes, bars and dispatch markers on a plot `width` pixels wide. */
export function layoutTimeline(session: SessionReport, width: number): TimelineLayout {
  const intervals = [...session.lanes.flatMap((lane) => lane.runs), ...session.dispatches].map(
    (item) => ({ startMs: item.startMs, endMs: item.startMs + item.durationMs }),
  );
  const scale = createTimeScale(intervals, width);
  const lanes = session.lanes.map((lane) => {
    const bars = groupOverlappingRuns(lane.runs, scale.toX);
    const crowded = bars.some((bar) => bar.runs.length > crowdedGroupSize);
    return { lane, bars: crowded ? groupRunsByColumn(lane.runs, scale.toX) : bars };
  });
  const markers: TimelineMarker[] = [];
  for (const dispatch of session.dispatches) {
    const x = scale.toX(dispatch.startMs);
    const endX = scale.toX(dispatch.startMs + dispatch.durationMs);
    const last = markers[markers.length - 1];
    if (last !== undefined && x < last.x + markerSpacing) {
      last.endX = Math.max(last.endX, endX);
      last.dispatches.push(dispatch);
      if (decisionWeight[dispatch.decision] > decisionWeight[last.decision]) {
        last.decision = dispatch.decision;
      }
    } else {
      markers.push({ x, endX, decision: dispatch.decision, dispatches: [dispatch] });
    }
  }
  const ticks: TimelineTick[] = [];
  for (let x = 0; x <= width - tickSpacing / 2; x += tickSpacing) {
    ticks.push({ x, offsetMs: Math.max(0, scale.toTime(x) - session.startMs) });
  }
  return { width, lanes, markers, ticks, collapsedGaps: thinGaps(scale.collapsedGaps) };
}

// Runs whose bars would overlap at this scale become one bar; bars that only touch stay apart.
function groupOverlappingRuns(
  runs: readonly ReportRun[],
  toX: (timeMs: number) => number,
): TimelineBar[] {
  const bars: TimelineBar[] = [];
  for (const run of runs) {
    const x = toX(run.startMs);
    const endX = Math.max(toX(run.startMs + run.durationMs), x + minimumBarWidth);
    const last = bars[bars.length - 1];
    if (last !== undefined && x < last.x + last.width - 0.5) {
      last.width = Math.max(last.width, endX - last.x);
      last.runs.push(run);
      if (statusWeight[run.status] > statusWeight[last.status]) last.status = run.status;
    } else {
      bars.push({ x, width: endX - x, status: run.status, runs: [run] });
    }
  }
  return bars;
}

// A crowded lane (hundreds of runs) is drawn as fixed columns, each holding the runs that start in it.
function groupRunsByColumn(
  runs: readonly ReportRun[],
  toX: (timeMs: number) => number,
): TimelineBar[] {
  const columns = new Map<number, TimelineBar>();
  for (const run of runs) {
    const column = Math.floor(toX(run.startMs) / columnWidth);
    const bar = columns.get(column);
    if (bar === undefined) {
      columns.set(column, {
        x: column * columnWidth,
        width: columnWidth - 1,
        status: run.status,
        runs: [run],
      });
    } else {
      bar.runs.push(run);
      if (statusWeight[run.status] > statusWeight[bar.status]) bar.status = run.status;
    }
  }
  return [...columns.values()];
}

// Hundreds of collapsed gaps would paint the axis solid: keep those at least 16 px apart.
function thinGaps(gaps: readonly CollapsedGap[]): CollapsedGap[] {
  const kept: CollapsedGap[] = [];
  for (const gap of gaps) {
    const last = kept[kept.length - 1];
    if (last === undefined || gap.x - last.x >= 16) kept.push({ ...gap });
    else last.idleMs += gap.idleMs;
  }
  return kept;
}
