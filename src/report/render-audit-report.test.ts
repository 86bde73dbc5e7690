import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html.js";
import { renderAuditReport } from "./render-audit-report.js";

const fixture = new URL("../../test/fixtures/report/three-sessions.jsonl", import.meta.url);

const hostileRun = {
  type: "run",
  session: "s<1>",
  dispatchId: "d-1",
  event: "PreToolUse",
  hookId: "PreToolUse:0:0",
  command: `./guard.sh "<img src=x onerror=alert(1)>"`,
  status: "blocked",
  exitCode: 2,
  startedAt: "2026-11-30T08:00:00.100Z",
  durationMs: 23,
  decision: "deny",
  diagnostics: [{ code: "x", severity: "warning", message: "</title><script>alert(2)</script>" }],
};

const hostileDispatch = {
  type: "dispatch",
  session: "s<1>",
  dispatchId: "d-1",
  event: "PreToolUse",
  matcherValue: "Bash",
  startedAt: "2026-11-30T08:00:00.098Z",
  durationMs: 30,
  decision: "deny",
  reason: `blocked: echo "<script>alert(1)</script>" > index.html & more`,
  continue: true,
  runCount: 1,
};

describe("renderAuditReport", () => {
  it("escapes every piece of audit text: no markup from a reason or command reaches the page", () => {
    const report = renderAuditReport(
      [hostileRun, hostileDispatch].map((line) => JSON.stringify(line)).join("\n"),
      { title: "<audit>.jsonl" },
    );
    if (!report.ok) throw new Error(report.error);
    expect(report.html).not.toContain("<script");
    expect(report.html).not.toContain("<img");
    expect(report.html).not.toContain("<audit>");
    expect(report.html).toContain(
      "blocked: echo &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &gt; index.html &amp; more",
    );
    expect(report.html).toContain("&lt;/title&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(report.html).toContain("Session <code>s&lt;1&gt;</code>");
  });

  it("is self-contained: no script, no external reference, and a policy that forbids loading", async () => {
    const report = renderAuditReport(await readFile(fixture, "utf8"), {
      title: "three-sessions.jsonl",
    });
    if (!report.ok) throw new Error(report.error);
    expect(report.html).not.toMatch(/<script|<link|<img|<iframe|@import|url\(/i);
    expect(report.html).not.toMatch(/\b(src|href)=/i);
    expect(report.html).not.toMatch(/https?:\/\//);
    expect(report.html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'`);
  });

  it("renders one section per session and one bar per run for the fixture", async () => {
    const text = await readFile(fixture, "utf8");
    const report = renderAuditReport(text, { title: "three-sessions.jsonl" });
    if (!report.ok) throw new Error(report.error);
    const runLines = text.split("\n").filter((line) => line.includes('"type":"run"')).length;
    expect(report.skippedLines).toEqual([]);
    expect(report.model.sessions).toHaveLength(3);
    expect(report.html.match(/<section class="session"/g)).toHaveLength(3);
    const barRuns = [...report.html.matchAll(/<g class="bar [^"]*" data-runs="(\d+)"/g)].map(
      (match) => Number(match[1]),
    );
    expect(barRuns.reduce((sum, count) => sum + count, 0)).toBe(runLines);
  });

  it("lists skipped lines on the page and still renders the rest", () => {
    const report = renderAuditReport(`${JSON.stringify(hostileRun)}\n{broken\n`, {
      title: "a.jsonl",
    });
    if (!report.ok) throw new Error(report.error);
    expect(report.skippedLines).toEqual([{ line: 2, reason: "not valid JSON" }]);
    expect(report.html).toContain("1 line of the audit log could not be read and was skipped");
    expect(report.html).toContain("line 2: not valid JSON");
  });

  it.each([
    ["an empty file", "", "it holds no audit record (the file is empty)"],
    [
      "a file of garbage",
      "hello\nworld\n",
      "it holds no readable audit record (2 lines skipped: line 1: not valid JSON; line 2: not valid JSON)",
    ],
  ])("returns an error value for %s", (_name, text, error) => {
    const report = renderAuditReport(text, { title: "x" });
    expect(report).toMatchObject({ ok: false, error });
  });
});

describe("escapeHtml", () => {
  it.each([
    [`<a href="x">'&'</a>`, "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"],
    ["tab\tand\nnewline", "tab\tand\nnewline"],
    ["bell\u0007 escape\u001b[31m", "bell\ufffd escape\ufffd[31m"],
  ])("escapes %j", (text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped);
  });
});
