import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createProcessOutcome } from "../../test/support/create-process-outcome.js";
import type { HookDefinition } from "../config/hook-definition.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { Profile } from "../profiles/profile.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import type { ProcessOutcome } from "../run/process-outcome.js";
import type { HandlerVerdict } from "./handler-verdict.js";
import { interpretOutcome } from "./interpret-outcome.js";

function definition(event: string): HookDefinition {
  return createHookDefinition({
    event,
    command: "./guard.sh",
    timeoutMs: 500,
    file: "/home/me/.deepagents/hooks.json",
  });
}

function interpret(event: string, fields: Partial<ProcessOutcome>): HandlerVerdict {
  return interpretIn(deepagentsProfile, event, fields);
}

function interpretIn(
  profile: Profile,
  event: string,
  fields: Partial<ProcessOutcome>,
): HandlerVerdict {
  const spec = profile.events[event];
  if (spec === undefined) throw new Error(`no ${event} in ${profile.name}`);
  return interpretOutcome(createProcessOutcome(fields), {
    hook: definition(event),
    spec,
    profile,
    toolName: null,
  });
}

/** What a row expects of the verdict; additionalContext and codes default to none. */
interface Expected {
  status: HandlerVerdict["status"];
  decision: HandlerVerdict["decision"];
  reason?: string | null;
  additionalContext?: string | null;
  codes?: string[];
}

const json = (value: unknown) => JSON.stringify(value);
const pre = (permissionDecision: string, permissionDecisionReason?: string) =>
  json({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision,
      ...(permissionDecisionReason === undefined ? {} : { permissionDecisionReason }),
    },
  });
const request = (behavior: string, message?: string) =>
  json({
    hookSpecificOutput: {
      hookEventName: "PermissionRequest",
      decision: { behavior, ...(message === undefined ? {} : { message }) },
    },
  });
const generatedReason = expect.stringContaining("(exit code 2)") as unknown as string;

const table: [string, string, Partial<ProcessOutcome>, Expected][] = [
  // Exit 0: stdout is parsed only when it is JSON and nothing else.
  ["PreToolUse", "exit 0, no output", {}, { status: "ok", decision: null }],
  [
    "PreToolUse",
    "exit 0, deny JSON",
    { stdout: pre("deny", "no") },
    { status: "blocked", decision: "deny", reason: "no" },
  ],
  [
    "PreToolUse",
    "exit 0, ask JSON",
    { stdout: pre("ask") },
    { status: "ok", decision: "ask", reason: null },
  ],
  [
    "PreToolUse",
    "exit 0, allow JSON",
    { stdout: `\n${pre("allow", "fine")}\n` },
    { status: "ok", decision: "allow", reason: "fine" },
  ],
  [
    "PreToolUse",
    "exit 0, text then JSON",
    { stdout: `note\n${pre("deny")}` },
    { status: "ok", decision: null, codes: ["invalid_output"] },
  ],
  [
    "PreToolUse",
    "exit 0, the JSON answer on stderr",
    { stderr: pre("deny") },
    { status: "ok", decision: null, codes: ["invalid_output"] },
  ],
  [
    "PreToolUse",
    "exit 0, a log line then the JSON answer on stderr, plain text on stdout",
    { stdout: "checked", stderr: `log\n${pre("deny")}` },
    { status: "ok", decision: null, codes: ["invalid_output"] },
  ],
  [
    "PreToolUse",
    "exit 0, a JSON log line with a reason on stderr",
    { stderr: 'start\n{"level": "info", "reason": "checked"}' },
    { status: "ok", decision: null },
  ],
  [
    "PreToolUse",
    "exit 0, JSON on stdout and a JSON log on stderr",
    { stdout: pre("deny"), stderr: pre("allow") },
    { status: "blocked", decision: "deny" },
  ],
  [
    "PreToolUse",
    "exit 0, JSON then text",
    { stdout: `${pre("deny")}\nnote` },
    { status: "ok", decision: null, codes: ["invalid_output"] },
  ],
  ["PreToolUse", "exit 0, plain text", { stdout: "all good" }, { status: "ok", decision: null }],
  ["PreToolUse", "exit 0, JSON array", { stdout: '["deny"]' }, { status: "ok", decision: null }],
  [
    "PreToolUse",
    "exit 0, truncated stdout",
    { stdout: pre("deny"), stdoutTruncated: true, stdoutBytes: 5_000_000 },
    { status: "error", decision: null, codes: ["output_truncated"] },
  ],
  // Exit 2: the blocking path; stdout is ignored and stderr is the reason.
  [
    "PreToolUse",
    "exit 2, allow JSON, stderr",
    { exitCode: 2, stdout: pre("allow"), stderr: " rm blocked \n" },
    { status: "blocked", decision: "deny", reason: "rm blocked" },
  ],
  [
    "PreToolUse",
    "exit 2, no stderr",
    { exitCode: 2 },
    { status: "blocked", decision: "deny", reason: generatedReason },
  ],
  // Other exits: a non-blocking error.
  [
    "PreToolUse",
    "exit 1, deny JSON",
    { exitCode: 1, stdout: pre("deny") },
    { status: "error", decision: null, codes: ["nonzero_exit"] },
  ],
  [
    "PreToolUse",
    "exit 3",
    { exitCode: 3, stderr: "oops" },
    { status: "error", decision: null, codes: ["nonzero_exit"] },
  ],
  [
    "PreToolUse",
    "exit 255",
    { exitCode: 255 },
    { status: "error", decision: null, codes: ["nonzero_exit"] },
  ],
  [
    "PreToolUse",
    "killed by a signal",
    { exitCode: null, signal: "SIGSEGV" },
    { status: "error", decision: null, codes: ["nonzero_exit"] },
  ],
  [
    "PreToolUse",
    "timed out",
    { exitCode: null, signal: "SIGTERM", timedOut: true, stdout: pre("deny") },
    { status: "timeout", decision: null, codes: ["timeout"] },
  ],
  [
    "PreToolUse",
    "cancelled",
    { exitCode: null, cancelled: true },
    { status: "error", decision: null, codes: ["engine_closed"] },
  ],
  [
    "PreToolUse",
    "spawn failed",
    { exitCode: null, spawnError: "spawn ./guard.sh ENOENT" },
    { status: "error", decision: null, codes: ["spawn_failed"] },
  ],
  // PermissionRequest: allow / deny.
  [
    "PermissionRequest",
    "exit 0, allow",
    { stdout: request("allow") },
    { status: "ok", decision: "allow", reason: null },
  ],
  [
    "PermissionRequest",
    "exit 0, deny with message",
    { stdout: request("deny", "not here") },
    { status: "blocked", decision: "deny", reason: "not here" },
  ],
  [
    "PermissionRequest",
    "exit 0, ask",
    { stdout: request("ask") },
    { status: "ok", decision: null, codes: ["invalid_output"] },
  ],
  [
    "PermissionRequest",
    "exit 2",
    { exitCode: 2, stderr: "denied" },
    { status: "blocked", decision: "deny", reason: "denied" },
  ],
  // Stop: a block keeps the turn going.
  [
    "Stop",
    "exit 0, block JSON",
    { stdout: json({ decision: "block", reason: "keep going" }) },
    { status: "blocked", decision: "block", reason: "keep going" },
  ],
  [
    "Stop",
    "exit 0, approve JSON",
    { stdout: json({ decision: "approve" }) },
    { status: "ok", decision: null, codes: ["invalid_output"] },
  ],
  [
    "Stop",
    "exit 0, allow JSON",
    { stdout: json({ decision: "allow" }) },
    { status: "ok", decision: null, codes: ["invalid_output"] },
  ],
  [
    "Stop",
    "exit 2",
    { exitCode: 2, stderr: "tests fail" },
    { status: "blocked", decision: "block", reason: "tests fail" },
  ],
  [
    "Stop",
    "exit 1",
    { exitCode: 1, stderr: "crash" },
    { status: "error", decision: null, codes: ["nonzero_exit"] },
  ],
  // PostToolUse: feedback only.
  [
    "PostToolUse",
    "exit 0, block JSON",
    { stdout: json({ decision: "block", reason: "lint" }) },
    {
      status: "blocked",
      decision: null,
      reason: null,
      additionalContext: "lint",
      codes: ["block_ignored"],
    },
  ],
  [
    "PostToolUse",
    "exit 2",
    { exitCode: 2, stderr: "lint" },
    { status: "blocked", decision: null, additionalContext: "lint", codes: ["block_ignored"] },
  ],
  // SubagentStop: a block is context only.
  [
    "SubagentStop",
    "exit 0, block JSON",
    { stdout: json({ decision: "block", reason: "more" }) },
    { status: "blocked", decision: null, additionalContext: "more", codes: ["unsupported_field"] },
  ],
  [
    "SubagentStop",
    "exit 2",
    { exitCode: 2, stderr: "more" },
    { status: "blocked", decision: null, additionalContext: "more", codes: ["unsupported_field"] },
  ],
  // Start events: context, never a block.
  [
    "SessionStart",
    "exit 0, context JSON",
    {
      stdout: json({
        hookSpecificOutput: { hookEventName: "SessionStart", additionalContext: "sprint 7" },
      }),
    },
    { status: "ok", decision: null, additionalContext: "sprint 7" },
  ],
  ["SessionStart", "exit 0, plain text", { stdout: "sprint 7" }, { status: "ok", decision: null }],
  [
    "SessionStart",
    "exit 2",
    { exitCode: 2, stderr: "no" },
    { status: "blocked", decision: null, codes: ["block_ignored"] },
  ],
  [
    "SubagentStart",
    "exit 0, block JSON",
    { stdout: json({ decision: "block", reason: "r" }) },
    { status: "blocked", decision: null, codes: ["block_ignored"] },
  ],
  [
    "Notification",
    "exit 2",
    { exitCode: 2, stderr: "x" },
    { status: "blocked", decision: null, codes: ["block_ignored"] },
  ],
];

// Output past the capture limit (1 MiB in every built-in profile) was dropped.
describe("interpretOutcome: stdout cut at the capture limit", () => {
  const limit = deepagentsProfile.captureLimitBytes;
  const cut = (stdout: string, droppedOnlyWhitespace = false): Partial<ProcessOutcome> => ({
    stdout,
    stdoutTruncated: true,
    stdoutDroppedOnlyWhitespace: droppedOnlyWhitespace,
    stdoutBytes: limit + 10,
  });
  const reasonPadded = (decision: string) => pre(decision, "r".repeat(limit)).slice(0, limit);
  const cases: [string, string, Profile, Partial<ProcessOutcome>][] = [
    [
      "a deny whose reason runs past the limit",
      "PreToolUse",
      deepagentsProfile,
      cut(reasonPadded("deny")),
    ],
    [
      "an allow whose reason runs past the limit",
      "PreToolUse",
      deepagentsProfile,
      cut(reasonPadded("allow")),
    ],
    [
      "a complete deny, then garbage past the limit",
      "PreToolUse",
      deepagentsProfile,
      cut(`${pre("deny")}\n`),
    ],
    [
      "a PermissionRequest deny, cut",
      "PermissionRequest",
      deepagentsProfile,
      cut(request("deny").slice(0, 40)),
    ],
    [
      "a Stop block, cut",
      "Stop",
      deepagentsProfile,
      cut(json({ decision: "block", reason: "x" }).slice(0, 20)),
    ],
    [
      "a SessionStart output, cut (it could say continue: false)",
      "SessionStart",
      deepagentsProfile,
      cut('{"continue": tr'),
    ],
    ["nothing kept at all (a zero limit)", "PreToolUse", deepagentsProfile, cut("")],
    [
      "a ZeroCode PreToolUse deny, cut",
      "PreToolUse",
      zerocodeProfile,
      cut(pre("deny").slice(0, 30)),
    ],
    [
      "a ZeroCode Stop block, cut",
      "Stop",
      zerocodeProfile,
      cut(json({ decision: "block" }).slice(0, 12)),
    ],
  ];

  it.each(cases)(
    "fails the run with an error naming the limit: %s",
    (_name, event, profile, fields) => {
      const verdict = interpretIn(profile, event, fields);
      expect(verdict).toMatchObject({ status: "error", decision: null, continue: true });
      expect(verdict.diagnostics).toEqual([
        expect.objectContaining({ code: "output_truncated", severity: "error" }),
      ]);
      const [diagnostic] = verdict.diagnostics;
      expect(diagnostic?.message).toContain(`capture limit of ${profile.captureLimitBytes} bytes`);
      expect(diagnostic?.message).toContain('"./guard.sh"');
      expect(diagnostic?.message).toContain(`${limit + 10} bytes`);
    },
  );

  it("warns, without failing the run, where the event cannot decide or stop (ZeroCode SessionEnd)", () => {
    const verdict = interpretIn(zerocodeProfile, "SessionEnd", cut('{"systemMessage": "by'));
    expect(verdict).toMatchObject({ status: "ok", decision: null });
    expect(verdict.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.severity])).toEqual(
      [["output_truncated", "warning"]],
    );
  });

  it.each([
    [
      "a deny",
      "PreToolUse",
      pre("deny", "no"),
      { status: "blocked", decision: "deny", reason: "no" },
    ],
    [
      "an allow",
      "PreToolUse",
      pre("allow", "ok"),
      { status: "ok", decision: "allow", reason: "ok" },
    ],
    [
      "a Stop block",
      "Stop",
      json({ decision: "block", reason: "go" }),
      { status: "blocked", decision: "block" },
    ],
  ] as const)(
    "reads %s followed only by whitespace past the limit as if whole",
    (_name, event, stdout, expected) => {
      const verdict = interpret(event, cut(`${stdout}\n   `, true));
      expect(verdict).toMatchObject(expected);
      expect(verdict.diagnostics).toEqual([]);
    },
  );

  it("reads plain text followed only by whitespace past the limit as if whole", () => {
    const verdict = interpretIn(zerocodeProfile, "SessionStart", cut("sprint 7\n", true));
    expect(verdict).toMatchObject({ status: "ok", additionalContext: "sprint 7" });
  });
});

describe("interpretOutcome: exit code × stdout → verdict", () => {
  it.each(table)("%s, %s", (event, _name, fields, expected) => {
    const verdict = interpret(event, fields);
    expect(verdict.status).toBe(expected.status);
    expect(verdict.decision).toBe(expected.decision);
    if (expected.reason !== undefined) expect(verdict.reason).toEqual(expected.reason);
    expect(verdict.additionalContext).toBe(expected.additionalContext ?? null);
    expect(verdict.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(expected.codes ?? []);
    for (const diagnostic of verdict.diagnostics) {
      expect(diagnostic.file).toBe("/home/me/.deepagents/hooks.json");
      expect(diagnostic.path).toBe(`hooks.${event}[0].hooks[0]`);
    }
  });

  it("reads universal fields on exit 0 only", () => {
    const output = json({ continue: false, stopReason: "halt", systemMessage: "hello" });
    expect(interpret("Notification", { stdout: output })).toMatchObject({
      continue: false,
      stopReason: "halt",
      systemMessage: "hello",
    });
    expect(interpret("Notification", { stdout: output, exitCode: 2 })).toMatchObject({
      continue: true,
      stopReason: null,
      systemMessage: null,
    });
  });

  it("ignores a stopReason when continue is not false", () => {
    expect(interpret("Stop", { stdout: json({ stopReason: "ignored" }) })).toMatchObject({
      continue: true,
      stopReason: null,
    });
  });

  it("caps every message at 10,000 characters with an output_truncated diagnostic", () => {
    const big = "x".repeat(50_000);
    const verdict = interpret("PreToolUse", {
      stdout: json({
        continue: false,
        stopReason: big,
        systemMessage: big,
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: big,
          additionalContext: big,
        },
      }),
    });
    for (const field of ["reason", "stopReason", "systemMessage", "additionalContext"] as const) {
      expect(verdict[field]?.length).toBeLessThanOrEqual(10_000);
      expect(verdict[field]?.startsWith("xxxx")).toBe(true);
    }
    expect(verdict.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "output_truncated",
      "output_truncated",
      "output_truncated",
      "output_truncated",
    ]);
    const blocked = interpret("Stop", { exitCode: 2, stderr: big });
    expect(blocked.reason?.length).toBeLessThanOrEqual(10_000);
    expect(blocked.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(["output_truncated"]);
  });

  it("keeps a long stderr out of the nonzero_exit message", () => {
    const verdict = interpret("PreToolUse", { exitCode: 1, stderr: "e".repeat(100_000) });
    expect(verdict.diagnostics[0]?.message.length).toBeLessThan(1_000);
  });
});
