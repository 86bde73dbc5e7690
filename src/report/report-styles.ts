/** The report page's stylesheet, inlined into its `<style>` element. */
export const reportStyles = `
:root {
  color-scheme: light dark;
  --page: #f4f5f7; --card: #ffffff; --ink: #1d2127; --muted: #68707c; --line: #e4e7eb;
  --line-strong: #c9ced6; --lane-odd: #f8f9fb; --grid: #eceef1;
  --ok: #2f9e5a; --blocked: #7950f2; --error: #e03131; --timeout: #f08c00; --skipped: #b8bec7;
  --deny: #e03131; --block: #7950f2; --ask: #1c7ed6; --allow: #2f9e5a; --none: #9aa1ab;
  --mono: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --page: #14161a; --card: #1c1f24; --ink: #e6e8eb; --muted: #9199a4; --line: #2b2f36;
    --line-strong: #454b55; --lane-odd: #20242a; --grid: #262a31; --skipped: #5c636e; --none: #6f7782;
  }
}
* { box-sizing: border-box; }
body.report {
  margin: 0; padding: 20px 28px 40px; background: var(--page); color: var(--ink);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
code { font-family: var(--mono); font-size: 0.92em; }
.muted { color: var(--muted); font-size: 12px; }
.nowrap { white-space: nowrap; }
.tab-input { position: absolute; opacity: 0; pointer-events: none; }
.page-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 16px; margin-bottom: 14px; }
.page-head h1 { font-size: 20px; margin: 0; letter-spacing: -0.01em; }
.page-head .meta { margin: 0; color: var(--muted); }
.page-head .dot { margin: 0 4px; }
.skipped { flex-basis: 100%; background: #fff4e6; color: #7a4100; border: 1px solid #ffd8a8; border-radius: 8px; padding: 6px 12px; }
.skipped summary { cursor: pointer; font-weight: 600; }
.skipped ul { margin: 6px 0 2px; padding-left: 20px; font-family: var(--mono); font-size: 12px; }
.tabs { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 14px; }
.tab {
  display: flex; align-items: center; gap: 8px; padding: 6px 12px; border: 1px solid transparent;
  border-radius: 8px; cursor: pointer; color: var(--muted); background: transparent;
}
.tab:hover { background: var(--card); }
.tab code { font-weight: 600; }
.tab-meta { font-size: 12px; }
.tab-flag { width: 8px; height: 8px; border-radius: 50%; background: var(--error); }
.session { display: none; }
.summary { display: flex; flex-wrap: wrap; align-items: center; gap: 10px 28px; margin-bottom: 12px; }
.summary-title h2 { margin: 0; font-size: 17px; }
.summary-title h2 code { font-size: 15px; }
.summary-title .span { margin: 2px 0 0; color: var(--muted); font-size: 13px; }
.figures { display: flex; gap: 22px; }
.figure { display: flex; flex-direction: column; }
.figure-value { font-size: 20px; font-weight: 650; line-height: 1.1; font-variant-numeric: tabular-nums; }
.figure-label { font-size: 11.5px; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; }
.chips { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin-left: auto; }
.chips-label { font-size: 11.5px; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; margin: 0 2px 0 8px; }
.chip {
  display: inline-flex; align-items: center; gap: 5px; padding: 2px 9px 2px 7px; border-radius: 999px;
  background: var(--card); border: 1px solid var(--line); font-size: 12.5px;
}
.chip b { font-variant-numeric: tabular-nums; }
.chip.zero { opacity: 0.45; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 3px; background: currentColor; }
.chip[class*="decision-"] .swatch { transform: rotate(45deg) scale(0.85); border-radius: 1px; }
.chip.decision-none .swatch { border-radius: 50%; transform: scale(0.7); }
.chip.status-ok .swatch { background: var(--ok); } .chip.status-blocked .swatch { background: var(--blocked); }
.chip.status-error .swatch { background: var(--error); } .chip.status-timeout .swatch { background: var(--timeout); }
.chip.status-skipped .swatch, .chip.status-async .swatch { background: var(--skipped); }
.chip.decision-deny .swatch { background: var(--deny); } .chip.decision-block .swatch { background: var(--block); }
.chip.decision-ask .swatch, .chip.decision-defer .swatch { background: var(--ask); } .chip.decision-allow .swatch { background: var(--allow); }
.chip.decision-none .swatch { background: var(--none); }
.card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; }
.timeline-card { padding: 6px 0 4px; overflow: hidden; margin-bottom: 14px; }
svg.timeline { display: block; width: 100%; height: auto; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
svg .lane-bg { fill: transparent; } svg .lane-bg.odd { fill: var(--lane-odd); }
svg .event-separator { stroke: var(--line-strong); stroke-width: 1; }
svg .grid { stroke: var(--grid); stroke-width: 1; }
svg .tick { font-size: 11px; fill: var(--muted); font-variant-numeric: tabular-nums; }
svg .gap line { stroke: var(--line-strong); stroke-dasharray: 2 3; }
svg .gap path { stroke: var(--muted); stroke-width: 1.5; fill: none; }
svg .event-axis { stroke: var(--line-strong); stroke-width: 1; }
svg .label-rule { stroke: var(--line); }
svg .row-label { font-size: 12px; font-weight: 650; fill: var(--ink); }
svg .row-hint, svg .lane-count { font-size: 11px; fill: var(--muted); font-variant-numeric: tabular-nums; }
svg .lane-command { font-family: var(--mono); font-size: 12px; fill: var(--ink); }
svg .lane-id { font-size: 10.5px; fill: var(--muted); }
svg .bar rect { stroke: rgb(0 0 0 / 18%); stroke-width: 0.5; }
svg .bar.merged rect { stroke: none; }
svg .bar:hover rect, svg .marker:hover path, svg .marker:hover circle { stroke: var(--ink); stroke-width: 1.5; }
svg .bar-count { font-size: 10px; font-weight: 700; fill: #fff; pointer-events: none; }
svg .fill-ok { fill: var(--ok); } svg .fill-blocked { fill: var(--blocked); }
svg .fill-error { fill: var(--error); } svg .fill-timeout { fill: var(--timeout); }
svg .fill-skipped, svg .fill-async { fill: var(--skipped); }
svg .bar:not(.merged) .fill-skipped { stroke-dasharray: 2 2; stroke: var(--muted); }
svg .marker .span { fill: currentColor; opacity: 0.25; }
svg .marker path, svg .marker circle { fill: currentColor; stroke: var(--card); stroke-width: 1.5; }
svg .decision-deny { color: var(--deny); } svg .decision-block { color: var(--block); }
svg .decision-ask, svg .decision-defer { color: var(--ask); } svg .decision-allow { color: var(--allow); }
svg .decision-none { color: var(--none); }
svg .guide { stroke: currentColor; stroke-width: 1.2; stroke-dasharray: 3 3; opacity: 0.55; }
.tables { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 14px; margin-bottom: 14px; }
.table-card { padding: 12px 16px 10px; }
.table-card h3 { margin: 0 0 8px; font-size: 14px; }
.table-card h3 .muted { font-weight: 400; margin-left: 6px; }
table { width: 100%; border-collapse: collapse; font-size: 13px; }
th { white-space: nowrap; text-align: left; font-size: 11.5px; font-weight: 600; color: var(--muted); text-transform: uppercase; letter-spacing: 0.04em; padding: 4px 8px; border-bottom: 1px solid var(--line); }
td { padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
tr:last-child td { border-bottom: 0; }
.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.strong { font-weight: 650; }
td .command { word-break: break-all; }
.message { font-size: 12px; color: var(--muted); margin-top: 2px; word-break: break-word; }
.reason { word-break: break-word; }
.count { font-weight: 700; } .count.status-error { color: var(--error); } .count.status-timeout { color: var(--timeout); }
.decision { display: inline-block; padding: 0 8px; border-radius: 999px; font-size: 12px; font-weight: 600; color: #fff; }
.decision.decision-deny { background: var(--deny); } .decision.decision-block { background: var(--block); }
.decision.decision-ask, .decision.decision-defer { background: var(--ask); } .decision.decision-allow { background: var(--allow); }
.decision.decision-none { background: var(--none); }
.empty { margin: 4px 0; color: var(--muted); }
.more { margin: 6px 8px 0; color: var(--muted); font-size: 12px; }
`;
