import { describe, expect, it } from "vitest";
import { checkCodexOutput } from "./check-codex-output.js";
import { codexHookOutputs } from "./codex-hook-outputs.js";

const pre = (specific: Record<string, unknown>, top: Record<string, unknown> = {}) => ({
  ...top,
  hookSpecificOutput: { hookEventName: "PreToolUse", ...specific },
});
const denyReason = { permissionDecision: "deny", permissionDecisionReason: "no rm" };

describe("checkCodexOutput", () => {
  it.each([
    // hookEventName is required in hookSpecificOutput, and names the event.
    [
      "PreToolUse",
      { hookSpecificOutput: denyReason },
      'hook returned invalid pre-tool-use JSON output ("hookSpecificOutput.hookEventName" is missing)',
    ],
    [
      "PreToolUse",
      { hookSpecificOutput: { hookEventName: "PostToolUse", ...denyReason } },
      "hook returned invalid pre-tool-use JSON output",
    ],
    // No field outside the schema, at the top or in hookSpecificOutput.
    [
      "PreToolUse",
      pre(denyReason, { note: "x" }),
      'hook returned invalid pre-tool-use JSON output ("note" is not in Codex\'s schema)',
    ],
    [
      "PreToolUse",
      pre({ ...denyReason, extra: 1 }),
      'hook returned invalid pre-tool-use JSON output ("hookSpecificOutput.extra" is not in Codex\'s schema)',
    ],
    [
      "PreToolUse",
      pre(denyReason, { continue: "yes" }),
      "hook returned invalid pre-tool-use JSON output",
    ],
    ["PreToolUse", [], "hook returned invalid pre-tool-use JSON output"],
    // The parser's rules on values.
    [
      "PreToolUse",
      pre({ permissionDecision: "deny" }),
      "PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason",
    ],
    [
      "PreToolUse",
      pre({ permissionDecision: "deny", permissionDecisionReason: "  " }),
      "PreToolUse hook returned permissionDecision:deny without a non-empty permissionDecisionReason",
    ],
    [
      "PreToolUse",
      pre({ permissionDecision: "allow" }),
      "PreToolUse hook returned unsupported permissionDecision:allow",
    ],
    [
      "PreToolUse",
      pre({ permissionDecision: "deny", permissionDecisionReason: "x", updatedInput: {} }),
      "PreToolUse hook returned updatedInput without permissionDecision:allow",
    ],
    [
      "PreToolUse",
      pre({ permissionDecision: "ask", permissionDecisionReason: "x" }),
      "PreToolUse hook returned unsupported permissionDecision:ask",
    ],
    [
      "PreToolUse",
      pre({ permissionDecisionReason: "x" }),
      "PreToolUse hook returned permissionDecisionReason without permissionDecision",
    ],
    [
      "PreToolUse",
      pre(denyReason, { continue: false }),
      "PreToolUse hook returned unsupported continue:false",
    ],
    [
      "PreToolUse",
      pre(denyReason, { stopReason: "x" }),
      "PreToolUse hook returned unsupported stopReason",
    ],
    [
      "PreToolUse",
      pre(denyReason, { suppressOutput: true }),
      "PreToolUse hook returned unsupported suppressOutput",
    ],
    [
      "PreToolUse",
      { decision: "block" },
      "PreToolUse hook returned decision:block without a non-empty reason",
    ],
    [
      "PreToolUse",
      { decision: "approve" },
      "PreToolUse hook returned unsupported decision:approve",
    ],
    ["PreToolUse", { reason: "x" }, "PreToolUse hook returned reason without decision"],
    [
      "PermissionRequest",
      { decision: "deny" },
      'hook returned invalid permission-request JSON output ("decision" is not in Codex\'s schema)',
    ],
    [
      "PermissionRequest",
      { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: {} } },
      'hook returned invalid permission-request JSON output ("hookSpecificOutput.decision.behavior" is missing)',
    ],
    [
      "PermissionRequest",
      {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "allow", updatedInput: {} },
        },
      },
      "PermissionRequest hook returned unsupported updatedInput",
    ],
    [
      "PermissionRequest",
      {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", interrupt: true },
        },
      },
      "PermissionRequest hook returned unsupported interrupt:true",
    ],
    [
      "PostToolUse",
      { decision: "block" },
      "PostToolUse hook returned decision:block without a non-empty reason",
    ],
    ["PostToolUse", { reason: "x" }, "PostToolUse hook returned reason without decision"],
    [
      "PostToolUse",
      { hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: "y" } },
      "PostToolUse hook returned unsupported updatedMCPToolOutput",
    ],
    [
      "PostToolUse",
      { suppressOutput: true },
      "PostToolUse hook returned unsupported suppressOutput",
    ],
    [
      "UserPromptSubmit",
      { decision: "block", reason: "" },
      "UserPromptSubmit hook returned decision:block without a non-empty reason",
    ],
    ["Stop", { decision: "block" }, "Stop hook returned decision:block without a non-empty reason"],
    [
      "Stop",
      { decision: "block", reason: "go on", hookSpecificOutput: { hookEventName: "Stop" } },
      'hook returned invalid stop hook JSON output ("hookSpecificOutput" is not in Codex\'s schema)',
    ],
    [
      "SubagentStop",
      { decision: "block", reason: " " },
      "SubagentStop hook returned decision:block without a non-empty reason",
    ],
    [
      "PreCompact",
      { hookSpecificOutput: { hookEventName: "PreCompact" } },
      "hook returned invalid pre-compact JSON output",
    ],
    ["SessionEnd", {}, "Codex 0.169 reads no hook output on SessionEnd"],
  ])("%s %j fails: %s", (event, output, message) => {
    const problems = checkCodexOutput(event, output);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
  });

  it.each([
    ["PreToolUse", pre(denyReason)],
    // Codex does not fail these beside a deny, though its docs list them as unsupported.
    ["PreToolUse", pre(denyReason, { continue: true, suppressOutput: false })],
    ["PreToolUse", pre({ permissionDecision: "allow", updatedInput: { command: "ls" } })],
    ["PreToolUse", pre({ additionalContext: "note" }, { systemMessage: "hi" })],
    ["PreToolUse", { decision: "block", reason: "no" }],
    // The top-level decision is not read beside a hookSpecificOutput decision.
    ["PreToolUse", pre(denyReason, { decision: "approve" })],
    ["PreToolUse", { stopReason: null, hookSpecificOutput: null }],
    [
      "PermissionRequest",
      {
        hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "deny" } },
      },
    ],
    ["PostToolUse", { decision: "block", reason: "tests fail", continue: true }],
    ["PostToolUse", { continue: false, stopReason: "halt", reason: "why" }],
    [
      "UserPromptSubmit",
      { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "c" } },
    ],
    ["Stop", { decision: "block", reason: "go on", continue: true, suppressOutput: true }],
    ["SessionStart", { continue: false, stopReason: "x", systemMessage: "y" }],
    ["PostCompact", {}],
  ])("%s %j passes", (event, output) => {
    expect(checkCodexOutput(event, output)).toEqual([]);
  });

  it("has a row for every event convert writes for Codex", () => {
    expect(Object.keys(codexHookOutputs).sort()).toEqual(
      [
        "PermissionRequest",
        "PostCompact",
        "PostToolUse",
        "PreCompact",
        "PreToolUse",
        "SessionStart",
        "Stop",
        "SubagentStart",
        "SubagentStop",
        "UserPromptSubmit",
      ].sort(),
    );
  });
});
