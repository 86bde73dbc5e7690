import type { ReportDispatch, ReportModel, SessionReport } from "./build-report-model.js";
import { reportedDecisions, runStatuses } from "./build-report-model.js";
import { escapeHtml } from "./escape-html.js";
import {
  formatClock,
  formatCount,
  formatDateTime,
  formatDuration,
  formatExit,
  formatOffset,
} from "./format-report-values.js";
import type { SkippedLine } from "./parse-audit-log.js";
import { renderTimelineSvg } from "./render-timeline-svg.js";
import { reportStyles } from "./report-styles.js";

/** What the page is about: the audit log's name, and the lines that could not be read. */
export interface ReportPageOptions {
  title: string;
  skippedLines: readonly SkippedLine[];
}

const tableRowLimit = 10;
const decisionRowLimit = 25;
const skippedLineLimit = 20;

/** Renders the report model as one self-contained HTML page: inline CSS and SVG, no script, no network. */
export function renderReportHtml(model: ReportModel, options: ReportPageOptions): string {
  const sessions = model.sessions;
  const single = sessions.length === 1;
  const body: string[] = [];
  for (const index of sessions.keys()) {
    body.push(
      `<input class="tab-input" type="radio" name="session" id="tab-${index}"${index === 0 ? " checked" : ""}>`,
    );
  }
  body.push(renderPageHeader(model, options));
  if (!single) body.push(renderTabs(sessions));
  body.push("<main>");
  for (const [index, session] of sessions.entries()) body.push(renderSession(session, index));
  body.push("</main>");
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    // Nothing on the page may load anything: no script, no request, only inline styles.
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(`Hook report · ${options.title}`)}</title>`,
    `<style>${reportStyles}\n${renderTabStyles(sessions.length)}</style>`,
    "</head>",
    '<body class="report">',
    ...body,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

function renderPageHeader(model: ReportModel, options: ReportPageOptions): string {
  const sessions = model.sessions;
  const startMs = Math.min(...sessions.map((session) => session.startMs));
  const endMs = Math.max(...sessions.map((session) => session.endMs));
  const runs = sessions.reduce((sum, session) => sum + session.runCount, 0);
  const meta = [
    options.title,
    formatCount(sessions.length, "session"),
    formatCount(runs, "hook run"),
    `${formatDateTime(startMs)} – ${formatDateTime(endMs)} UTC`,
  ];
  const parts = [
    '<header class="page-head">',
    "<h1>Hook report</h1>",
    `<p class="meta">${meta.map(escapeHtml).join(' <span class="dot">·</span> ')}</p>`,
  ];
  if (options.skippedLines.length > 0) {
    const shown = options.skippedLines.slice(0, skippedLineLimit);
    parts.push(
      '<details class="skipped">',
      `<summary>${escapeHtml(`${formatCount(options.skippedLines.length, "line")} of the audit log could not be read and ${options.skippedLines.length === 1 ? "was" : "were"} skipped`)}</summary>`,
      "<ul>",
      ...shown.map((skipped) => `<li>line ${skipped.line}: ${escapeHtml(skipped.reason)}</li>`),
      options.skippedLines.length > shown.length
        ? `<li>… and ${options.skippedLines.length - shown.length} more</li>`
        : "",
      "</ul>",
      "</details>",
    );
  }
  parts.push("</header>");
  return parts.join("\n");
}

function renderTabs(sessions: readonly SessionReport[]): string {
  const labels = sessions.map((session, index) => {
    const failures = session.statusCounts.error + session.statusCounts.timeout;
    const flag = failures > 0 ? '<span class="tab-flag" title="errors or timeouts"></span>' : "";
    return `<label class="tab" for="tab-${index}">${flag}<code>${escapeHtml(shorten(session.session, 28))}</code><span class="tab-meta">${escapeHtml(`${formatDateTime(session.startMs).slice(11)} · ${formatCount(session.runCount, "run")}`)}</span></label>`;
  });
  return `<nav class="tabs" aria-label="Sessions">${labels.join("")}</nav>`;
}

// One rule pair per session: the checked radio shows its section and highlights its tab.
function renderTabStyles(count: number): string {
  const rules: string[] = [];
  for (let index = 0; index < count; index += 1) {
    rules.push(
      `#tab-${index}:checked ~ main #session-${index} { display: block; }`,
      `#tab-${index}:checked ~ .tabs label[for="tab-${index}"] { background: var(--card); border-color: var(--line-strong); color: var(--ink); box-shadow: 0 1px 2px rgb(0 0 0 / 6%); }`,
    );
  }
  return rules.join("\n");
}

function renderSession(session: SessionReport, index: number): string {
  return [
    `<section class="session" id="session-${index}" data-session="${escapeHtml(session.session)}">`,
    renderSummary(session),
    '<div class="card timeline-card">',
    renderTimelineSvg(session),
    "</div>",
    '<div class="tables">',
    renderSlowestTable(session),
    renderFailingTable(session),
    "</div>",
    renderDecisionTable(session),
    "</section>",
  ].join("\n");
}

function renderSummary(session: SessionReport): string {
  const durationMs = session.endMs - session.startMs;
  const slowest = session.slowest[0];
  const statusChips = runStatuses.map((status) =>
    renderChip(`status-${status}`, status, session.statusCounts[status]),
  );
  const decisionChips = reportedDecisions.map((decision) =>
    renderChip(`decision-${decision}`, decision, session.decisionCounts[decision]),
  );
  const figures = [
    renderFigure(String(session.dispatches.length), "dispatches"),
    renderFigure(String(session.runCount), "hook runs"),
    renderFigure(String(session.lanes.length), "hooks"),
    renderFigure(slowest === undefined ? "–" : formatDuration(slowest.maxMs), "slowest run"),
  ];
  return [
    '<div class="summary">',
    '<div class="summary-title">',
    `<h2>Session <code>${escapeHtml(session.session)}</code></h2>`,
    `<p class="span">${escapeHtml(`${formatDateTime(session.startMs)} – ${formatClock(session.endMs).slice(0, 8)} UTC · ${formatDuration(durationMs)}`)}</p>`,
    "</div>",
    `<div class="figures">${figures.join("")}</div>`,
    '<div class="chips">',
    `<span class="chips-label">Runs</span>${statusChips.join("")}`,
    `<span class="chips-label">Decisions</span>${decisionChips.join("")}`,
    "</div>",
    "</div>",
  ].join("\n");
}

function renderFigure(value: string, label: string): string {
  return `<div class="figure"><span class="figure-value">${escapeHtml(value)}</span><span class="figure-label">${escapeHtml(label)}</span></div>`;
}

function renderChip(className: string, label: string, count: number): string {
  return `<span class="chip ${className}${count === 0 ? " zero" : ""}" data-count="${count}"><i class="swatch"></i>${escapeHtml(label)} <b>${count}</b></span>`;
}

function renderSlowestTable(session: SessionReport): string {
  const rows = session.slowest
    .slice(0, tableRowLimit)
    .map(
      (hook) =>
        `<tr><td>${renderHookCell(hook.command, hook.hookId)}</td><td class="number">${hook.runs}</td><td class="number">${escapeHtml(formatDuration(hook.p50Ms))}</td><td class="number strong">${escapeHtml(formatDuration(hook.maxMs))}</td><td class="number">${escapeHtml(formatDuration(hook.totalMs))}</td></tr>`,
    );
  return renderTableCard(
    "Slowest hooks",
    "by longest run, then median",
    [
      { label: "Hook" },
      ...["Runs", "p50", "Max", "Total"].map((label) => ({ label, numeric: true })),
    ],
    rows,
    "No hook ran.",
    session.slowest.length,
    "slowest",
  );
}

function renderFailingTable(session: SessionReport): string {
  const rows = session.failing.slice(0, tableRowLimit).map((hook) => {
    const message =
      hook.lastMessage === null
        ? ""
        : `<div class="message">${escapeHtml(shorten(hook.lastMessage, 160))}</div>`;
    return `<tr><td>${renderHookCell(hook.command, hook.hookId)}${message}</td><td class="number">${hook.errors > 0 ? `<span class="count status-error">${hook.errors}</span>` : "0"}</td><td class="number">${hook.timeouts > 0 ? `<span class="count status-timeout">${hook.timeouts}</span>` : "0"}</td><td class="nowrap">${escapeHtml(formatExit(hook.lastExitCode, hook.lastSignal))}<div class="muted">${escapeHtml(formatOffset(hook.lastOffsetMs))}</div></td></tr>`;
  });
  return renderTableCard(
    "Failing hooks",
    "errors and timeouts",
    [
      { label: "Hook" },
      { label: "Errors", numeric: true },
      { label: "Timeouts", numeric: true },
      { label: "Last failure" },
    ],
    rows,
    "No hook failed.",
    session.failing.length,
    "failing",
  );
}

function renderDecisionTable(session: SessionReport): string {
  const decided = session.dispatches.filter(
    (dispatch) =>
      (dispatch.decision !== "none" && dispatch.decision !== "allow") || !dispatch.continue,
  );
  const rows = decided
    .slice(0, decisionRowLimit)
    .map(
      (dispatch: ReportDispatch) =>
        `<tr><td class="muted nowrap">${escapeHtml(formatOffset(dispatch.offsetMs))}<div>${escapeHtml(formatClock(dispatch.startMs))}</div></td><td>${escapeHtml(dispatch.event)}${dispatch.matcherValue === null ? "" : ` <code>${escapeHtml(shorten(dispatch.matcherValue, 40))}</code>`}</td><td><span class="decision decision-${dispatch.decision}">${escapeHtml(dispatch.decision === "none" ? "stop" : dispatch.decision)}</span></td><td class="reason">${escapeHtml(dispatch.reason ?? "")}${dispatch.continue ? "" : ' <span class="muted">(continue: false)</span>'}</td></tr>`,
    );
  return renderTableCard(
    "Decisions",
    "deny, ask and block, in order",
    [{ label: "When" }, { label: "Event" }, { label: "Decision" }, { label: "Reason" }],
    rows,
    "No hook denied, asked or blocked.",
    decided.length,
    "decisions",
  );
}

function renderHookCell(command: string, hookId: string): string {
  return `<code class="command" title="${escapeHtml(command)}">${escapeHtml(shorten(command, 60))}</code><div class="muted">${escapeHtml(hookId)}</div>`;
}

function renderTableCard(
  title: string,
  subtitle: string,
  headings: readonly { label: string; numeric?: boolean }[],
  rows: readonly string[],
  empty: string,
  total: number,
  name: string,
): string {
  const more = total > rows.length ? `<p class="more">… and ${total - rows.length} more</p>` : "";
  const table =
    rows.length === 0
      ? `<p class="empty">${escapeHtml(empty)}</p>`
      : `<table><thead><tr>${headings.map((heading) => `<th${heading.numeric === true ? ' class="number"' : ""}>${escapeHtml(heading.label)}</th>`).join("")}</tr></thead><tbody>${rows.join("")}</tbody></table>${more}`;
  return `<div class="card table-card" data-table="${name}"><h3>${escapeHtml(title)} <span class="muted">${escapeHtml(subtitle)}</span></h3>${table}</div>`;
}

function shorten(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}
