import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import { createEmptyOutcome } from "../run/process-outcome.js";
import {
  partialCaptureMessage,
  screenCutCapture,
  suspectCaptureMessage,
} from "./screen-cut-capture.js";

const rule = claudeProfile.cutCapture;
const outcome = (stdout: string, extra: Record<string, unknown> = {}) => ({
  ...createEmptyOutcome(5),
  exitCode: 0,
  stdout,
  outputLeftOpen: true,
  ...extra,
});
const specific = (event: string, fields: Record<string, unknown>) =>
  JSON.stringify({ hookSpecificOutput: { hookEventName: event, ...fields } });

describe("screenCutCapture", () => {
  it.each([
    ["Stop", '{"decision":"block","reason":"r"}', "refused"],
    ["SubagentStop", '{"decision":"block","reason":"r"}', "refused"],
    ["PostToolUse", '{"decision":"block","reason":"r"}', "refused"],
    ["PreToolUse", '{"decision":"block","reason":"r"}', "kept"],
    ["PreToolUse", '{"decision":"approve"}', "blocked"],
    ["PreToolUse", specific("PreToolUse", { permissionDecision: "allow" }), "blocked"],
    ["PreToolUse", specific("PreToolUse", { permissionDecision: "defer" }), "blocked"],
    ["PreToolUse", specific("PreToolUse", { permissionDecision: "ask" }), "kept"],
    ["PreToolUse", specific("PreToolUse", { permissionDecision: "deny" }), "kept"],
    ["PreToolUse", specific("PreToolUse", { updatedInput: { command: "ls" } }), "blocked"],
    [
      "PermissionRequest",
      specific("PermissionRequest", { decision: { behavior: "allow" } }),
      "blocked",
    ],
    [
      "PermissionRequest",
      specific("PermissionRequest", { decision: { behavior: "deny" } }),
      "kept",
    ],
    ["SessionStart", specific("SessionStart", { additionalContext: "c" }), "kept"],
    ["PostToolUse", specific("PostToolUse", { additionalContext: "c" }), "refused"],
    ["UserPromptSubmit", specific("UserPromptSubmit", { additionalContext: "c" }), "kept"],
    ["Stop", '{"continue":false,"stopReason":"done"}', "kept"],
    ["Stop", '{"systemMessage":"hi","extra":1}', "refused"],
    ["Stop", '{"async":true}', "kept"],
    ["Stop", "plain text", "kept"],
    ["PreToolUse", '{"hookSpecificOutput": {', "blocked-partial"],
    ["Stop", '{"decision": "bl', "refused-partial"],
  ])("%s with %s: %s", (event, stdout, expected) => {
    const screened = screenCutCapture(outcome(stdout), createHookDefinition({ event }), rule);
    if (expected === "kept") {
      expect(screened).toEqual({ outcome: outcome(stdout), diagnostic: null });
      return;
    }
    const message = expected.endsWith("partial") ? partialCaptureMessage : suspectCaptureMessage;
    if (expected.startsWith("blocked")) {
      expect(screened.outcome).toMatchObject({ exitCode: 2, stdout: "", stderr: message });
      expect(screened.diagnostic).toMatchObject({ code: "output_left_open", severity: "error" });
    } else {
      expect(screened.outcome).toMatchObject({ exitCode: 0, stdout: "" });
      expect(screened.diagnostic).toMatchObject({ code: "output_left_open", severity: "warning" });
    }
    expect(screened.diagnostic?.message).toContain(message);
  });

  it.each([
    ["a closed capture", { outputLeftOpen: false }],
    ["exit 2", { exitCode: 2 }],
    ["a kill", { exitCode: null, signal: "SIGKILL" }],
    ["a timeout", { timedOut: true }],
  ])("leaves %s as it is", (_name, extra) => {
    const cut = outcome('{"decision":"block","reason":"r"}', extra);
    expect(screenCutCapture(cut, createHookDefinition({ event: "Stop" }), rule).diagnostic).toBe(
      null,
    );
  });

  it("changes nothing for a profile without the rule (the seed profiles)", () => {
    const cut = outcome('{"decision":"block","reason":"r"}');
    expect(deepagentsProfile).not.toHaveProperty("cutCapture");
    expect(screenCutCapture(cut, createHookDefinition({ event: "Stop" }), undefined)).toEqual({
      outcome: cut,
      diagnostic: null,
    });
  });
});
