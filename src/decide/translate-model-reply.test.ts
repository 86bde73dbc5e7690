import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createProcessOutcome } from "../../test/support/create-process-outcome.js";
import type { ModelHookAction } from "../config/hook-definition.js";
import { claudeProfile } from "../profiles/claude.js";
import type { EventSpec, Profile } from "../profiles/profile.js";
import type { ProcessOutcome } from "../run/process-outcome.js";
import { interpretOutcome } from "./interpret-outcome.js";
import { translateModelReply } from "./translate-model-reply.js";

const profile: Profile = claudeProfile;

function spec(event: string): EventSpec {
  const row = profile.events[event];
  if (row === undefined) throw new Error(`no ${event} in the claude profile`);
  return row;
}

function modelHook(event: string, action: Partial<ModelHookAction> = {}) {
  return createHookDefinition({
    event,
    command: "prompt: is it done?",
    action: {
      type: "prompt",
      prompt: "is it done?",
      model: null,
      continueOnBlock: null,
      ...action,
    },
  });
}

function translate(event: string, reply: string, action: Partial<ModelHookAction> = {}) {
  return translateModelReply(createProcessOutcome({ stdout: reply }), {
    hook: modelHook(event, action),
    spec: spec(event),
    profile,
  });
}

function read(outcome: ProcessOutcome): unknown {
  return outcome.stdout === "" ? null : JSON.parse(outcome.stdout);
}

const refused = JSON.stringify({ ok: false, reason: "not yet" });

describe("translateModelReply: ok false, per event kind", () => {
  it.each([
    [
      "PreToolUse (permission): a deny with the reason",
      "PreToolUse",
      {},
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "not yet",
        },
      },
    ],
    [
      "PermissionRequest: decision.behavior deny with the reason as message",
      "PermissionRequest",
      {},
      {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", message: "not yet" },
        },
      },
    ],
    ["Stop: a block, so the turn goes on", "Stop", {}, { decision: "block", reason: "not yet" }],
    ["SubagentStop: a block too", "SubagentStop", {}, { decision: "block", reason: "not yet" }],
    [
      "PostToolUse: the turn ends, the reason for the user",
      "PostToolUse",
      {},
      { continue: false, stopReason: "not yet" },
    ],
    [
      "PostToolUse with continueOnBlock: the event's block, the reason for the model",
      "PostToolUse",
      { continueOnBlock: true },
      { decision: "block", reason: "not yet" },
    ],
    [
      "PostToolUse with continueOnBlock false: as without it",
      "PostToolUse",
      { continueOnBlock: false },
      { continue: false, stopReason: "not yet" },
    ],
    [
      "UserPromptSubmit: the turn ends",
      "UserPromptSubmit",
      {},
      { continue: false, stopReason: "not yet" },
    ],
    [
      "PreToolUse ignores continueOnBlock (a deny already lets the turn go on)",
      "PreToolUse",
      { continueOnBlock: true },
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "not yet",
        },
      },
    ],
    [
      "an agent handler reads the same",
      "Stop",
      { type: "agent" as const },
      { decision: "block", reason: "not yet" },
    ],
  ])("%s", (_name, event, action, expected) => {
    const outcome = translate(event, refused, action);
    expect(outcome.exitCode).toBe(0);
    expect(read(outcome)).toEqual(expected);
  });

  it("a non-deciding event gets its own block (exit 2 with the reason)", () => {
    const outcome = translate("PostToolUseFailure", refused, { continueOnBlock: true });
    expect(outcome).toMatchObject({ exitCode: 2, stdout: "", stderr: "not yet" });
  });
});

describe("translateModelReply: impossible", () => {
  it.each([
    ["Stop", { systemMessage: "cannot be done" }],
    ["SubagentStop", { systemMessage: "cannot be done" }],
    // Only a stop can loop: elsewhere impossible changes nothing.
    ["PostToolUse", { continue: false, stopReason: "cannot be done" }],
    [
      "PreToolUse",
      {
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "cannot be done",
        },
      },
    ],
  ])("%s", (event, expected) => {
    const reply = JSON.stringify({ ok: false, impossible: true, reason: "cannot be done" });
    expect(read(translate(event, reply))).toEqual(expected);
  });
});

describe("translateModelReply: ok true and the reply's forms", () => {
  it.each(["PreToolUse", "PermissionRequest", "Stop", "PostToolUse", "Notification"])(
    "ok true on %s decides nothing (exit 0, no output)",
    (event) => {
      const outcome = translate(event, '{"ok": true, "reason": "fine"}');
      expect(outcome).toMatchObject({ exitCode: 0, stdout: "", stdoutBytes: 0 });
    },
  );

  it("reads a reply fenced as a Markdown code block", () => {
    const outcome = translate("Stop", '```json\n{"ok": false, "reason": "tests fail"}\n```');
    expect(read(outcome)).toEqual({ decision: "block", reason: "tests fail" });
  });

  it("gives a refusal without a reason a default one", () => {
    const outcome = translate("Stop", '{"ok": false}');
    expect(read(outcome)).toEqual({
      decision: "block",
      reason: "The Stop prompt hook's condition was not met",
    });
  });

  it.each([
    ["plain text", "Looks good to me", "it is not JSON"],
    ["an empty reply", "  ", "it is empty"],
    ["a JSON list", "[true]", "it is not a JSON object"],
    ["ok as text", '{"ok": "false"}', '"ok" is missing'],
    ["no ok", '{"reason": "x"}', '"ok" is missing'],
    ["a reason that is not text", '{"ok": false, "reason": 3}', '"reason" is not a string'],
    [
      "impossible as text",
      '{"ok": false, "impossible": "yes"}',
      '"impossible" is not true or false',
    ],
  ])("%s is a non-blocking error", (_name, reply, problem) => {
    const outcome = translate("PreToolUse", reply);
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stdout).toBe("");
    expect(outcome.stderr).toContain("the model's reply is not");
    expect(outcome.stderr).toContain(problem);
  });

  it("a reply cut at the capture limit is an error, never a guess", () => {
    const outcome = translateModelReply(
      createProcessOutcome({ stdout: '{"ok": fa', stdoutTruncated: true, stdoutBytes: 2_000_000 }),
      { hook: modelHook("Stop"), spec: spec("Stop"), profile },
    );
    expect(outcome.exitCode).toBe(1);
    expect(outcome.stderr).toContain("over the capture limit");
  });
});

describe("translateModelReply: what it leaves alone", () => {
  it.each([
    ["a failed call", createProcessOutcome({ exitCode: 1, stderr: "boom" })],
    ["a timeout", createProcessOutcome({ exitCode: null, timedOut: true })],
    ["a cancelled call", createProcessOutcome({ exitCode: null, cancelled: true })],
    ["a missing callback", createProcessOutcome({ exitCode: null, spawnError: "no callback" })],
  ])("%s", (_name, outcome) => {
    const context = { hook: modelHook("Stop"), spec: spec("Stop"), profile };
    expect(translateModelReply(outcome, context)).toBe(outcome);
  });

  it("the outcome of a handler that is not a model", () => {
    const outcome = createProcessOutcome({ stdout: '{"ok": false}' });
    const hook = createHookDefinition({ event: "Stop" });
    expect(translateModelReply(outcome, { hook, spec: spec("Stop"), profile })).toBe(outcome);
  });
});

describe("translateModelReply, read by interpretOutcome", () => {
  const verdictOf = (event: string, reply: string, action: Partial<ModelHookAction> = {}) =>
    interpretOutcome(translate(event, reply, action), {
      hook: modelHook(event, action),
      spec: spec(event),
      profile,
      toolName: null,
    });

  it.each([
    ["PreToolUse", {}, { status: "blocked", decision: "deny", reason: "not yet" }],
    ["PermissionRequest", {}, { status: "blocked", decision: "deny", reason: "not yet" }],
    ["Stop", {}, { status: "blocked", decision: "block", reason: "not yet" }],
    ["PostToolUse", {}, { status: "ok", decision: null, continue: false, stopReason: "not yet" }],
    [
      "PostToolUse",
      { continueOnBlock: true },
      { status: "blocked", decision: "block", reason: "not yet" },
    ],
  ])("ok false on %s %j", (event, action, expected) => {
    expect(verdictOf(event, refused, action)).toMatchObject(expected);
  });

  it("ok true on PreToolUse decides nothing", () => {
    expect(verdictOf("PreToolUse", '{"ok": true}')).toMatchObject({
      status: "ok",
      decision: null,
      reason: null,
      diagnostics: [],
    });
  });

  it("a garbage reply is a non-blocking error with a diagnostic that says why", () => {
    const verdict = verdictOf("PreToolUse", "sure!");
    expect(verdict).toMatchObject({ status: "error", decision: null });
    expect(verdict.diagnostics[0]?.message).toContain("the model's reply is not");
  });

  it("impossible on Stop ends the turn with the reason shown to the user", () => {
    const reply = '{"ok": false, "impossible": true, "reason": "no such branch"}';
    expect(verdictOf("Stop", reply)).toMatchObject({
      status: "ok",
      decision: null,
      systemMessage: "no such branch",
    });
  });
});
