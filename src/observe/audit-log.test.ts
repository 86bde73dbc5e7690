import { execFileSync, spawn } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createTestWorkspace } from "../../test/support/create-test-workspace.js";
import type { DispatchResult } from "../decide/dispatch-result.js";
import { createHookEngine, type HookEngineOptions } from "../engine/engine.js";

// The audit log through the real engine and real handler processes. Handlers build their
// secret output at run time, so the command text never contains it.

const quote = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const command = (text: string) => ({ type: "command", command: text });
const deny = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "rm is blocked",
  },
});

const runKeys = [
  "type",
  "time",
  "session",
  "dispatchId",
  "event",
  "hookId",
  "source",
  "path",
  "command",
  "matcher",
  "status",
  "exitCode",
  "signal",
  "startedAt",
  "durationMs",
  "decision",
  "truncated",
  "spilled",
  "diagnostics",
];
const dispatchKeys = [
  "type",
  "time",
  "session",
  "dispatchId",
  "event",
  "matcherValue",
  "startedAt",
  "durationMs",
  "decision",
  "reason",
  "continue",
  "runCount",
  "diagnostics",
];

type AuditLine = Record<string, unknown>;

afterEach(() => {
  vi.unstubAllEnvs();
});

function makeDirectory(): string {
  return createTestWorkspace("audit").root;
}

/** A deepagents engine on a hooks.json with three PreToolUse handlers: deny, context, exit 1. */
function writeConfig(directory: string): string {
  const file = join(directory, "hooks.json");
  const hooks = {
    PreToolUse: [
      {
        matcher: "Bash",
        hooks: [
          command(`cat >/dev/null; printf '%s' ${quote(deny)}; printf '%s-%s' SECRET STDERR >&2`),
          command("cat >/dev/null; printf '%s-%s' SECRET STDOUT"),
          command("cat >/dev/null; echo failing >&2; exit 1"),
        ],
      },
      {
        matcher: "Bash",
        hooks: [
          command(`cat >/dev/null; printf '%s' ${quote(deny)}; printf '%s-%s' SECRET STDERR >&2`),
        ],
      },
    ],
  };
  writeFileSync(file, JSON.stringify({ hooks }));
  return file;
}

function engineOptions(directory: string, extra: Partial<HookEngineOptions> = {}) {
  return {
    profile: "deepagents" as const,
    cwd: directory,
    home: directory,
    sessionId: "s-audit",
    configFiles: [writeConfig(directory)],
    tracing: false,
    ...extra,
  };
}

const payload = (index: number) => ({
  tool_name: "Bash",
  tool_input: { command: `rm -rf SECRET-PAYLOAD-${index}` },
});

function readLines(file: string): AuditLine[] {
  const text = readFileSync(file, "utf8");
  expect(text.endsWith("\n")).toBe(true);
  return text
    .slice(0, -1)
    .split("\n")
    .map((line) => JSON.parse(line) as AuditLine);
}

const withoutDurations = (result: DispatchResult) => ({
  ...result,
  runs: result.runs.map((run) => ({ ...run, durationMs: 0 })),
});

describe("audit log", () => {
  it("writes whole lines for 20 concurrent dispatches, runs before their dispatch line", async () => {
    const directory = makeDirectory();
    const auditLog = join(directory, "logs", "audit.jsonl");
    const engine = await createHookEngine(engineOptions(directory, { auditLog }));
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, index) => engine.dispatch("PreToolUse", payload(index))),
    );
    await engine.close();
    // On failure, the runs of a dispatch that did not deny say why (status, exit code, signal).
    const notDenied = results.filter((result) => result.decision !== "deny");
    expect(notDenied.map((result) => [result.runs, result.diagnostics])).toEqual([]);
    expect(statSync(auditLog).mode & 0o777).toBe(0o600);
    const lines = readLines(auditLog);
    const runs = lines.filter((line) => line.type === "run");
    const dispatches = lines.filter((line) => line.type === "dispatch");
    expect(runs).toHaveLength(20 * 4);
    expect(dispatches).toHaveLength(20);
    expect(new Set(dispatches.map((line) => line.dispatchId)).size).toBe(20);
    for (const dispatch of dispatches) {
      expect(Object.keys(dispatch)).toEqual(dispatchKeys);
      const at = lines.indexOf(dispatch);
      const own = runs.filter((run) => run.dispatchId === dispatch.dispatchId);
      expect(own).toHaveLength(dispatch.runCount as number);
      for (const run of own) expect(lines.indexOf(run)).toBeLessThan(at);
      expect(dispatch).toMatchObject({
        session: "s-audit",
        event: "PreToolUse",
        matcherValue: "Bash",
        decision: "deny",
        reason: "rm is blocked",
        continue: true,
        runCount: 4,
      });
      expect(typeof dispatch.durationMs).toBe("number");
      expect(Number.isNaN(Date.parse(dispatch.startedAt as string))).toBe(false);
      expect(own.map((run) => [run.hookId, run.status, run.exitCode, run.decision])).toEqual([
        ["PreToolUse:0:0", "blocked", 0, "deny"],
        ["PreToolUse:0:1", "ok", 0, null],
        ["PreToolUse:0:2", "error", 1, null],
        ["PreToolUse:1:0", "skipped", null, null],
      ]);
    }
    for (const run of runs) expect(Object.keys(run)).toEqual(runKeys);
    expect(runs[0]).toMatchObject({
      source: join(directory, "hooks.json"),
      path: "hooks.PreToolUse[0].hooks[0]",
      matcher: "Bash",
      signal: null,
      truncated: false,
      spilled: false,
    });
    const skipped = runs.find((run) => run.status === "skipped");
    expect(skipped?.diagnostics).toEqual([expect.objectContaining({ code: "duplicate_handler" })]);
    const text = readFileSync(auditLog, "utf8");
    expect(text).not.toContain("SECRET-");
  });

  it("writes payloads and handler output only with auditPayloads", async () => {
    const directory = makeDirectory();
    const auditLog = join(directory, "audit.jsonl");
    const engine = await createHookEngine(
      engineOptions(directory, { auditLog, auditPayloads: true }),
    );
    await engine.dispatch("PreToolUse", payload(7));
    await engine.close();
    const lines = readLines(auditLog);
    const dispatch = lines.at(-1);
    expect(dispatch?.payload).toMatchObject({
      hook_event_name: "PreToolUse",
      tool_input: { command: "rm -rf SECRET-PAYLOAD-7" },
    });
    expect(lines[0]).toMatchObject({ stderr: "SECRET-STDERR" });
    expect(lines[1]).toMatchObject({ stdout: "SECRET-STDOUT", stderr: "" });
  });

  it("keeps dispatching with the same results when the log cannot be written, saying so once", async () => {
    const directory = makeDirectory();
    const notADirectory = join(directory, "plain-file");
    writeFileSync(notADirectory, "");
    const plain = await createHookEngine(engineOptions(directory));
    const audited = await createHookEngine(
      engineOptions(directory, { auditLog: join(notADirectory, "audit.jsonl") }),
    );
    const expected: DispatchResult[] = [];
    const actual: DispatchResult[] = [];
    for (let index = 0; index < 3; index += 1) {
      expected.push(await plain.dispatch("PreToolUse", payload(index)));
      actual.push(await audited.dispatch("PreToolUse", payload(index)));
    }
    await Promise.all([plain.close(), audited.close()]);
    const failures = actual.flatMap((result) =>
      result.diagnostics.filter((diagnostic) => diagnostic.code === "audit_log_failed"),
    );
    expect(failures).toHaveLength(1);
    expect(failures[0]?.message).toMatch(/cannot be written \((EEXIST|ENOTDIR)\)/);
    const [first] = actual;
    if (first !== undefined) first.diagnostics = first.diagnostics.slice(0, -1);
    expect(actual.map(withoutDurations)).toEqual(expected.map(withoutDurations));
  });

  it("appends to an existing log that is private to this user", async () => {
    const directory = makeDirectory();
    const auditLog = join(directory, "audit.jsonl");
    writeFileSync(auditLog, '{"type":"earlier"}\n', { mode: 0o600 });
    const engine = await createHookEngine(engineOptions(directory, { auditLog }));
    const result = await engine.dispatch("Stop", {});
    await engine.close();
    expect(result.diagnostics).toEqual([]);
    expect(statSync(auditLog).mode & 0o777).toBe(0o600);
    const lines = readLines(auditLog);
    expect(lines.map((line) => line.type)).toEqual(["earlier", "dispatch"]);
    expect(lines[1]).toMatchObject({ event: "Stop", runCount: 0, decision: null });
  });

  // A log that is not private to this user is refused, never written: each case leaves the
  // target untouched and says why in an audit_log_failed diagnostic.
  const untouched = '{"type":"someone else\'s"}\n';
  const refusals: [string, (auditLog: string, directory: string) => string | null, RegExp][] = [
    [
      "a symbolic link to another file",
      (auditLog, directory) => {
        const target = join(directory, "elsewhere.jsonl");
        writeFileSync(target, untouched, { mode: 0o600 });
        symlinkSync(target, auditLog);
        return target;
      },
      /it is a symbolic link/,
    ],
    [
      "a dangling symbolic link (it would create the file it points to)",
      (auditLog, directory) => {
        symlinkSync(join(directory, "created-through-link.jsonl"), auditLog);
        return null;
      },
      /it is a symbolic link/,
    ],
    [
      "a file readable by others (0644)",
      (auditLog) => {
        writeFileSync(auditLog, untouched);
        chmodSync(auditLog, 0o644);
        return auditLog;
      },
      /open to other users \(mode 0644\)/,
    ],
    [
      "a file readable by its group (0640)",
      (auditLog) => {
        writeFileSync(auditLog, untouched);
        chmodSync(auditLog, 0o640);
        return auditLog;
      },
      /open to other users \(mode 0640\)/,
    ],
    [
      "a named pipe",
      (auditLog) => {
        execFileSync("mkfifo", ["-m", "600", auditLog]);
        return null;
      },
      /not a regular file/,
    ],
  ];
  it.each(refusals)("refuses %s", async (_name, plant, reason) => {
    const directory = makeDirectory();
    const auditLog = join(directory, "audit.jsonl");
    const target = plant(auditLog, directory);
    const engine = await createHookEngine(engineOptions(directory, { auditLog }));
    const result = await engine.dispatch("Stop", {});
    await engine.close();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "audit_log_failed",
        message: expect.stringMatching(reason),
        file: auditLog,
      }),
    ]);
    if (target !== null) expect(readFileSync(target, "utf8")).toBe(untouched);
    expect(existsSync(join(directory, "created-through-link.jsonl"))).toBe(false);
  });

  // Only root can give a file to another user; elsewhere this case is skipped, visibly.
  it.skipIf(process.getuid?.() !== 0)(
    "refuses a 0600 log owned by another user (uid 65534; needs root to chown)",
    async () => {
      const directory = makeDirectory();
      const auditLog = join(directory, "audit.jsonl");
      writeFileSync(auditLog, untouched, { mode: 0o600 });
      chownSync(auditLog, 65_534, 65_534);
      const engine = await createHookEngine(engineOptions(directory, { auditLog }));
      const result = await engine.dispatch("Stop", {});
      await engine.close();
      expect(result.diagnostics).toEqual([
        expect.objectContaining({
          code: "audit_log_failed",
          message: expect.stringContaining("it belongs to another user (uid 65534)"),
        }),
      ]);
      expect(readFileSync(auditLog, "utf8")).toBe(untouched);
    },
  );
});

describe("audit log flags", () => {
  it("records timeouts, truncation and spilled context as separate flags", async () => {
    const directory = makeDirectory();
    // Spilled context goes to $TMPDIR/hook_outputs: keep it in the directory removed afterwards.
    vi.stubEnv("TMPDIR", directory);
    const auditLog = join(directory, "flags.jsonl");
    const large = JSON.stringify({
      hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "x".repeat(20_000) },
    });
    const file = join(directory, "hooks.json");
    const hooks = {
      SessionStart: [
        {
          hooks: [
            command(`cat >/dev/null; printf '%s' ${quote(large)}`),
            command("cat >/dev/null; head -c 2000000 /dev/zero | tr '\\0' a >&2"),
            { ...command("cat >/dev/null; sleep 5"), timeout: 0.3 },
          ],
        },
      ],
    };
    writeFileSync(file, JSON.stringify({ hooks }));
    const engine = await createHookEngine({
      profile: "zerocode",
      cwd: directory,
      home: directory,
      systemDir: join(directory, "system"),
      configFiles: [file],
      bypassHookTrust: true,
      sessionId: "s-flags",
      auditLog,
      tracing: false,
    });
    const result = await engine.dispatch("SessionStart", { source: "startup" });
    await engine.close();
    expect(result.runs.map((run) => run.status)).toEqual(["ok", "ok", "timeout"]);
    const runs = readLines(auditLog).filter((line) => line.type === "run");
    expect(runs.map((run) => [run.status, run.exitCode, run.truncated, run.spilled])).toEqual([
      ["ok", 0, false, true],
      ["ok", 0, true, false],
      ["timeout", null, false, false],
    ]);
    expect(typeof runs[2]?.signal).toBe("string");
  });
});

describe("--audit-log", () => {
  const root = fileURLToPath(new URL("../..", import.meta.url));

  function runCli(args: string[], input: string): Promise<number | null> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["bin/agent-hooks.js", ...args], {
        cwd: root,
        stdio: ["pipe", "ignore", "ignore"],
      });
      child.on("error", reject);
      child.on("close", resolve);
      child.stdin.end(input);
    });
  }

  it("makes replay log every event it dispatches", async () => {
    const auditLog = join(makeDirectory(), "replay.jsonl");
    const session = [
      { event: "PreToolUse", payload: { tool_name: "Bash", tool_input: { command: "rm -rf /" } } },
      { event: "Stop", payload: {} },
    ]
      .map((line) => JSON.stringify(line))
      .join("\n");
    const args = ["replay", "-", "--config", "test/fixtures/cli/hooks.json", "--session", "s-cli"];
    expect(await runCli([...args, "--audit-log", auditLog], session)).toBe(0);
    const lines = readLines(auditLog);
    expect(lines.map((line) => [line.type, line.event, line.status ?? line.decision])).toEqual([
      ["run", "PreToolUse", "blocked"],
      ["dispatch", "PreToolUse", "deny"],
      ["run", "Stop", "blocked"],
      ["dispatch", "Stop", "block"],
    ]);
    expect(lines.every((line) => line.session === "s-cli")).toBe(true);
    expect(statSync(auditLog).mode & 0o777).toBe(0o600);
  });

  it("makes agent-hooks test log every case it dispatches", async () => {
    const auditLog = join(makeDirectory(), "cases.jsonl");
    const code = await runCli(
      [
        "test",
        "test/fixtures/hook-tests/guard.test.json",
        "--home",
        makeDirectory(),
        "--audit-log",
        auditLog,
      ],
      "",
    );
    expect(code).toBe(0);
    const dispatches = readLines(auditLog).filter((line) => line.type === "dispatch");
    expect(dispatches.slice(0, 2).map((line) => line.decision)).toEqual(["deny", "ask"]);
  });
});
