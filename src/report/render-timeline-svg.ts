import type { RunStatus } from "../decide/dispatch-result.js";
import type { ReportDispatch, ReportRun, SessionReport } from "./build-report-model.js";
import { escapeHtml } from "./escape-html.js";
import {
  formatClock,
  formatCount,
  formatDuration,
  formatExit,
  formatOffset,
} from "./format-report-values.js";
import { layoutTimeline, type TimelineBar, type TimelineMarker } from "./layout-timeline.js";

const svgWidth = 1200;
const labelWidth = 260;
const plotLeft = labelWidth + 12;
const plotWidth = svgWidth - plotLeft - 14;
const axisHeight = 26;
const eventRowHeight = 34;
const laneHeight = 30;
const barHeight = 16;
const tooltipListLimit = 8;

/** Renders one session's timeline as inline SVG: an event row of dispatch markers, one lane per hook. */
export function renderTimelineSvg(session: SessionReport): string {
  const layout = layoutTimeline(session, plotWidth);
  const lanesTop = axisHeight + eventRowHeight;
  const height = lanesTop + layout.lanes.length * laneHeight + 6;
  const plotBottom = height - 6;
  const parts: string[] = [];
  parts.push(
    `<svg class="timeline" viewBox="0 0 ${svgWidth} ${height}" width="${svgWidth}" height="${height}" role="img" aria-label="${escapeHtml(`Timeline of ${formatCount(session.runCount, "hook run")} in ${formatCount(layout.lanes.length, "lane")}`)}">`,
  );
  // Lane backgrounds first, so grid lines, guides and bars draw over them.
  for (const [index, { lane }] of layout.lanes.entries()) {
    const y = lanesTop + index * laneHeight;
    const previous = layout.lanes[index - 1];
    parts.push(
      `<rect class="lane-bg${index % 2 === 1 ? " odd" : ""}" x="0" y="${y}" width="${svgWidth}" height="${laneHeight}"/>`,
    );
    if (previous !== undefined && previous.lane.event !== lane.event) {
      parts.push(`<line class="event-separator" x1="0" x2="${svgWidth}" y1="${y}" y2="${y}"/>`);
    }
  }
  parts.push(`<g transform="translate(${plotLeft} 0)">`);
  for (const tick of layout.ticks) {
    const x = round(tick.x);
    parts.push(
      `<line class="grid" x1="${x}" x2="${x}" y1="${axisHeight - 6}" y2="${plotBottom}"/>`,
      `<text class="tick" x="${x + 3}" y="${axisHeight - 10}">${escapeHtml(formatOffset(tick.offsetMs))}</text>`,
    );
  }
  for (const gap of layout.collapsedGaps) {
    const x = round(gap.x);
    parts.push(
      `<g class="gap"><title>${escapeHtml(`${formatDuration(gap.idleMs)} idle (collapsed)`)}</title>`,
      `<path d="M${x - 4} ${axisHeight - 1} l4 -6 M${x} ${axisHeight - 1} l4 -6"/></g>`,
    );
  }
  const rowMiddle = axisHeight + eventRowHeight / 2;
  if (layout.collapsedGaps.length > 0) {
    parts.push(
      `<g class="gap"><path d="M-18 ${axisHeight - 11} l4 -6 M-14 ${axisHeight - 11} l4 -6"/></g>`,
      `<text class="row-hint" x="-24" y="${axisHeight - 10}" text-anchor="end">idle time collapsed</text>`,
    );
  }
  parts.push(
    `<line class="event-axis" x1="0" x2="${plotWidth}" y1="${rowMiddle}" y2="${rowMiddle}"/>`,
  );
  for (const marker of layout.markers) {
    if (marker.decision === "deny" || marker.decision === "block" || marker.decision === "ask") {
      const x = round(marker.x);
      parts.push(
        `<line class="guide decision-${marker.decision}" x1="${x}" x2="${x}" y1="${rowMiddle}" y2="${plotBottom}"/>`,
      );
    }
  }
  for (const marker of layout.markers) parts.push(renderMarker(marker, rowMiddle, session));
  for (const [index, { bars }] of layout.lanes.entries()) {
    const y = lanesTop + index * laneHeight + (laneHeight - barHeight) / 2;
    for (const bar of bars) parts.push(renderBar(bar, y, session));
  }
  parts.push("</g>");
  parts.push(
    `<text class="row-label" x="12" y="${rowMiddle + 4}">Events</text>`,
    `<text class="row-hint" x="${labelWidth}" y="${rowMiddle + 4}" text-anchor="end">${escapeHtml(formatCount(session.dispatches.length, "dispatch", "dispatches"))}</text>`,
  );
  for (const [index, { lane, bars }] of layout.lanes.entries()) {
    const y = lanesTop + index * laneHeight;
    const runs = lane.runs;
    const matcher = runs.find((run) => run.matcher !== null)?.matcher ?? null;
    const title = [
      lane.command,
      `${lane.hookId}${matcher === null ? "" : ` · matcher ${matcher}`}`,
      lane.source === null ? null : `${lane.source}${lane.path === null ? "" : ` ${lane.path}`}`,
      formatCount(runs.length, "run"),
    ].filter((line) => line !== null);
    parts.push(
      `<g class="lane" data-hook-id="${escapeHtml(lane.hookId)}" data-runs="${runs.length}" data-bars="${bars.length}">`,
      `<title>${escapeHtml(title.join("\n"))}</title>`,
      `<text class="lane-command" x="12" y="${y + 13}">${escapeHtml(shortenCommand(lane.command, 32))}</text>`,
      `<text class="lane-id" x="12" y="${y + 25}">${escapeHtml(lane.hookId)}${matcher === null ? "" : ` · ${escapeHtml(shortenFromEnd(matcher, 20))}`}</text>`,
      `<text class="lane-count" x="${labelWidth}" y="${y + 19}" text-anchor="end">${runs.length}</text>`,
      "</g>",
    );
  }
  parts.push(
    `<line class="label-rule" x1="${labelWidth + 6}" x2="${labelWidth + 6}" y1="${axisHeight}" y2="${plotBottom}"/>`,
  );
  parts.push("</svg>");
  return parts.join("\n");
}

function renderBar(bar: TimelineBar, y: number, session: SessionReport): string {
  const merged = bar.runs.length > 1;
  const title = merged
    ? describeRunGroup(bar.runs)
    : describeRun(bar.runs[0] as ReportRun, session);
  const x = round(bar.x);
  // A pixel of air at the end keeps back-to-back runs of one hook apart.
  const width = round(bar.width > 4 ? bar.width - 1 : bar.width);
  const shapes = merged
    ? stackStatuses(bar.runs).map(
        (segment) =>
          `<rect class="fill-${segment.status}" x="${x}" y="${round(y + segment.top)}" width="${width}" height="${round(segment.height)}"/>`,
      )
    : [
        `<rect class="fill-${bar.status}" x="${x}" y="${y}" width="${width}" height="${barHeight}" rx="2"/>`,
      ];
  const label =
    merged && bar.width >= 24
      ? `<text class="bar-count" x="${round(bar.x + bar.width / 2)}" y="${y + barHeight - 4}" text-anchor="middle">${bar.runs.length}</text>`
      : "";
  return `<g class="bar status-${bar.status}${merged ? " merged" : ""}" data-runs="${bar.runs.length}" data-status="${bar.status}"><title>${escapeHtml(title)}</title>${shapes.join("")}${label}</g>`;
}

// A merged bar is a stack, failures on top: each status's share of the height, at least 3 px for
// anything that is not ok, so one timeout among a hundred runs still shows.
function stackStatuses(
  runs: readonly ReportRun[],
): { status: RunStatus; top: number; height: number }[] {
  const order: readonly RunStatus[] = ["timeout", "error", "blocked", "skipped", "async", "ok"];
  const segments: { status: RunStatus; top: number; height: number }[] = [];
  let top = 0;
  for (const status of order) {
    const count = runs.filter((run) => run.status === status).length;
    if (count === 0) continue;
    const share = (count / runs.length) * barHeight;
    const height =
      status === "ok" ? barHeight - top : Math.min(Math.max(share, 3), barHeight - top);
    if (height <= 0) continue;
    segments.push({ status, top, height });
    top += height;
  }
  const last = segments[segments.length - 1];
  if (last !== undefined) last.height = barHeight - last.top;
  return segments;
}

function renderMarker(marker: TimelineMarker, rowMiddle: number, session: SessionReport): string {
  const x = round(marker.x);
  const spanWidth = Math.max(round(marker.endX - marker.x), 0);
  const title =
    marker.dispatches.length === 1
      ? describeDispatch(marker.dispatches[0] as ReportDispatch, session)
      : describeDispatchGroup(marker.dispatches);
  const shape =
    marker.decision === "none"
      ? `<circle cx="${x}" cy="${rowMiddle}" r="3.5"/>`
      : `<path d="M${x} ${rowMiddle - 7} L${x + 7} ${rowMiddle} L${x} ${rowMiddle + 7} L${x - 7} ${rowMiddle} Z"/>`;
  return `<g class="marker decision-${marker.decision}" data-dispatches="${marker.dispatches.length}"><title>${escapeHtml(title)}</title><rect class="span" x="${x}" y="${rowMiddle - 2}" width="${spanWidth}" height="4"/>${shape}</g>`;
}

function describeRun(run: ReportRun, session: SessionReport): string {
  const lines = [
    run.command,
    `${run.hookId}${run.matcher === null ? "" : ` · matcher ${run.matcher}`}`,
    `${run.status} · ${formatExit(run.exitCode, run.signal)}${run.decision === null ? "" : ` · decision ${run.decision}`}`,
    `${formatDuration(run.durationMs)} at ${formatOffset(run.startMs - session.startMs)} (${formatClock(run.startMs)} UTC)`,
  ];
  if (run.truncated) lines.push("output truncated");
  if (run.spilled) lines.push("additional context spilled to a file");
  for (const diagnostic of run.diagnostics) {
    lines.push(`${diagnostic.severity} ${diagnostic.code}: ${diagnostic.message}`);
  }
  return lines.join("\n");
}

function describeRunGroup(runs: readonly ReportRun[]): string {
  const counts = new Map<string, number>();
  for (const run of runs) counts.set(run.status, (counts.get(run.status) ?? 0) + 1);
  const first = runs[0] as ReportRun;
  const last = runs[runs.length - 1] as ReportRun;
  const longest = Math.max(...runs.map((run) => run.durationMs));
  const lines = [
    `${formatCount(runs.length, "run")} of ${first.command}, ${formatOffset(first.offsetMs)} to ${formatOffset(last.offsetMs)}`,
    `${[...counts].map(([status, count]) => `${count} ${status}`).join(", ")} · longest ${formatDuration(longest)}`,
  ];
  for (const run of runs.slice(0, tooltipListLimit)) {
    lines.push(`${formatOffset(run.offsetMs)} ${run.status} ${formatDuration(run.durationMs)}`);
  }
  if (runs.length > tooltipListLimit) lines.push(`… and ${runs.length - tooltipListLimit} more`);
  return lines.join("\n");
}

function describeDispatch(dispatch: ReportDispatch, session: SessionReport): string {
  const lines = [
    `${dispatch.event}${dispatch.matcherValue === null ? "" : ` (${dispatch.matcherValue})`} → ${dispatch.decision === "none" ? "no decision" : dispatch.decision}`,
    `${formatCount(dispatch.runCount, "hook run")} · ${formatDuration(dispatch.durationMs)} at ${formatOffset(dispatch.startMs - session.startMs)} (${formatClock(dispatch.startMs)} UTC)`,
  ];
  if (dispatch.reason !== null) lines.push(`reason: ${dispatch.reason}`);
  if (!dispatch.continue) lines.push("continue: false (the agent stops)");
  return lines.join("\n");
}

function describeDispatchGroup(dispatches: readonly ReportDispatch[]): string {
  const lines = [`${formatCount(dispatches.length, "dispatch", "dispatches")}`];
  for (const dispatch of dispatches.slice(0, tooltipListLimit)) {
    const decision = dispatch.decision === "none" ? "" : ` → ${dispatch.decision}`;
    lines.push(`${formatOffset(dispatch.offsetMs)} ${dispatch.event}${decision}`);
  }
  if (dispatches.length > tooltipListLimit) {
    lines.push(`… and ${dispatches.length - tooltipListLimit} more`);
  }
  return lines.join("\n");
}

// A script path keeps its file name (`…/hooks/block-rm.sh`); anything else keeps its start.
function shortenCommand(command: string, limit: number): string {
  if (command.length <= limit) return command;
  const program = command.split(" ")[0] ?? command;
  if (program === command && program.includes("/")) {
    const segments = program.split("/");
    let tail = segments.pop() ?? "";
    for (let segment = segments.pop(); segment !== undefined; segment = segments.pop()) {
      if (tail.length + segment.length + 3 > limit) break;
      tail = `${segment}/${tail}`;
    }
    return shortenFromEnd(`…/${tail}`, limit);
  }
  return shortenFromEnd(command, limit);
}

function shortenFromEnd(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
