import { describe, expect, it } from "vitest";
import { createShimOutcome } from "../../../test/support/create-shim-outcome.js";
import { checkCodexOutput } from "../../convert/check-codex-output.js";
import { codexHost } from "./codex.js";

// The shim checks its replies to Codex with `checkCodexOutput` and reads a Codex hook's output
// with the codex profile's `strictOutput`: both must fail the same replies.
const cases: readonly [string, Record<string, unknown>][] = [
  [
    "PreToolUse",
    {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "no",
      },
    },
  ],
  [
    "PreToolUse",
    { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } },
  ],
  [
    "PreToolUse",
    { hookSpecificOutput: { permissionDecision: "deny", permissionDecisionReason: "no" } },
  ],
  [
    "PreToolUse",
    { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } },
  ],
  [
    "PreToolUse",
    {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        updatedInput: { command: "ls" },
      },
    },
  ],
  [
    "PreToolUse",
    {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "ask",
        permissionDecisionReason: "check",
      },
    },
  ],
  ["PreToolUse", { continue: false }],
  ["PreToolUse", { decision: "approve" }],
  ["PreToolUse", { decision: "block" }],
  ["PreToolUse", { decision: "block", reason: "no" }],
  ["PreToolUse", { reason: "no decision" }],
  [
    "PreToolUse",
    { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecisionReason: "why" } },
  ],
  [
    "PreToolUse",
    {
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "deny",
        permissionDecisionReason: "no",
        updatedInput: { command: "ls" },
      },
    },
  ],
  ["PreToolUse", { decision: "approve", reason: "ok" }],
  ["PermissionRequest", { decision: "block", reason: "no" }],
  ["PermissionRequest", { stopReason: "x" }],
  ["UserPromptSubmit", { decision: "block" }],
  ["UserPromptSubmit", { decision: "block", reason: "no" }],
  ["PostToolUse", { reason: "no decision" }],
  ["PostToolUse", { decision: "block" }],
  ["SubagentStop", { decision: "block" }],
  ["PreToolUse", { systemMessage: "hi", unknown: 1 }],
  ["Stop", { decision: "block", reason: "tests fail" }],
  ["Stop", { decision: "block" }],
  ["Stop", { reason: "no decision" }],
  [
    "UserPromptSubmit",
    { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "ctx" } },
  ],
  ["PostToolUse", { suppressOutput: true }],
  ["PostToolUse", { continue: false, stopReason: "done" }],
];

// Where they differ: `checkCodexOutput` has no rule for a reason without a decision, which the
// profile's `strictOutput.reasonNeedsDecision` fails (the shim never writes one).
const knownDifferences = new Set(['Stop {"reason":"no decision"}']);

describe("Codex's output rules: the shim's reply check and its reading of a Codex hook", () => {
  it.each(cases)("agree on %s %j", (event, output) => {
    const differs = knownDifferences.has(`${event} ${JSON.stringify(output)}`);
    const broken = checkCodexOutput(event, output).length > 0 !== differs;
    const verdict = codexHost.readVerdict(
      event,
      createShimOutcome({ stdout: JSON.stringify(output) }),
    );
    expect(verdict.failure !== null, String(verdict.failure)).toBe(broken);
  });
});
