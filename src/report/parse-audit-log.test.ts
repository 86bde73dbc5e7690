import { describe, expect, it } from "vitest";
import { parseAuditLog } from "./parse-audit-log.js";

const run = {
  type: "run",
  time: "2026-11-30T08:00:00.123Z",
  session: "s1",
  dispatchId: "d-3",
  event: "PreToolUse",
  hookId: "PreToolUse:0:1",
  source: "/abs/path/hooks.json",
  path: "hooks.PreToolUse[0].hooks[1]",
  command: "./guard.sh",
  matcher: "Bash",
  status: "blocked",
  exitCode: 2,
  signal: null,
  startedAt: "2026-11-30T08:00:00.100Z",
  durationMs: 23.4,
  decision: "deny",
  truncated: false,
  spilled: false,
  diagnostics: [{ code: "nonzero_exit", severity: "warning", message: "exit 2" }],
};

const dispatch = {
  type: "dispatch",
  time: "2026-11-30T08:00:00.130Z",
  session: "s1",
  dispatchId: "d-3",
  event: "PreToolUse",
  matcherValue: "Bash",
  startedAt: "2026-11-30T08:00:00.098Z",
  durationMs: 31.9,
  decision: "deny",
  reason: "rm -rf is blocked",
  continue: true,
  runCount: 2,
  diagnostics: [],
};

const lines = (...values: unknown[]) =>
  values.map((value) => (typeof value === "string" ? value : JSON.stringify(value))).join("\n");

describe("parseAuditLog", () => {
  it("reads the contract's run and dispatch lines", () => {
    const parsed = parseAuditLog(lines(run, dispatch));
    expect(parsed.skippedLines).toEqual([]);
    expect(parsed.records).toHaveLength(2);
    expect(parsed.records[0]).toMatchObject({ type: "run", hookId: "PreToolUse:0:1", exitCode: 2 });
    expect(parsed.records[1]).toMatchObject({ type: "dispatch", decision: "deny", runCount: 2 });
  });

  it("tolerates unknown fields and the payload and output fields of auditPayloads", () => {
    const parsed = parseAuditLog(
      lines(
        { ...run, stdout: "{}", stderr: "", futureField: { nested: true } },
        { ...dispatch, payload: { tool_name: "Bash" }, extra: 1 },
      ),
    );
    expect(parsed.skippedLines).toEqual([]);
    expect(parsed.records).toHaveLength(2);
  });

  it("fills defaults for optional fields a minimal line leaves out", () => {
    const minimal = {
      type: "run",
      session: "s1",
      event: "Stop",
      hookId: "Stop:0:0",
      command: ["./check.sh", "--fast"],
      status: "ok",
      startedAt: "2026-11-30T08:00:00Z",
      durationMs: 5,
    };
    const [record] = parseAuditLog(JSON.stringify(minimal)).records;
    expect(record).toMatchObject({
      dispatchId: null,
      matcher: null,
      exitCode: null,
      signal: null,
      decision: null,
      truncated: false,
      diagnostics: [],
    });
  });

  it.each([
    ["not JSON", "{oops", "not valid JSON"],
    ["an array", "[1,2]", "Invalid input"],
    ["an unknown record type", JSON.stringify({ ...run, type: "config" }), "type"],
    ["an unknown status", JSON.stringify({ ...run, status: "crashed" }), "status"],
    ["a negative duration", JSON.stringify({ ...run, durationMs: -1 }), "durationMs"],
    ["a missing hook id", JSON.stringify({ ...run, hookId: undefined }), "hookId"],
    ["a bad start time", JSON.stringify({ ...run, startedAt: "yesterday" }), "startedAt"],
    ["an unknown decision", JSON.stringify({ ...dispatch, decision: "maybe" }), "decision"],
  ])("skips %s with its line number and a reason", (_name, bad, reason) => {
    const parsed = parseAuditLog(lines(run, "", bad, dispatch));
    expect(parsed.records).toHaveLength(2);
    expect(parsed.skippedLines).toHaveLength(1);
    expect(parsed.skippedLines[0]?.line).toBe(3);
    expect(parsed.skippedLines[0]?.reason).toContain(reason);
  });

  it("skips blank lines and a trailing newline without counting them", () => {
    const parsed = parseAuditLog(`\n${lines(run)}\n\n   \n`);
    expect(parsed.records).toHaveLength(1);
    expect(parsed.skippedLines).toEqual([]);
  });
});
