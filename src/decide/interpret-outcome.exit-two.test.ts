import { describe, expect, it } from "vitest";
import { createHookDefinition } from "../../test/support/create-hook-definition.js";
import { createProcessOutcome } from "../../test/support/create-process-outcome.js";
import { claudeProfile } from "../profiles/claude.js";
import { deepagentsProfile } from "../profiles/deepagents.js";
import type { Profile } from "../profiles/profile.js";
import { vscodeProfile } from "../profiles/vscode.js";
import { zerocodeProfile } from "../profiles/zerocode.js";
import type { HandlerVerdict } from "./handler-verdict.js";
import { interpretOutcome } from "./interpret-outcome.js";

// Exit 2 per profile: Claude Code (2.1.328) reads JSON on stdout beside it and says
// "No stderr output" when stderr is empty; the seed profiles ignore stdout and name the handler.

function interpret(
  profile: Profile,
  event: string,
  stdout: unknown,
  stderr: string,
  fields: { truncated?: boolean; action?: boolean } = {},
): HandlerVerdict {
  const spec = profile.events[event];
  if (spec === undefined) throw new Error(`${profile.name} has no ${event}`);
  const hook = createHookDefinition({
    event,
    command: "./guard.sh",
    ...(fields.action === true && {
      action: { type: "prompt", prompt: "p", model: null, continueOnBlock: null },
    }),
  });
  const text = typeof stdout === "string" ? stdout : JSON.stringify(stdout);
  const outcome = createProcessOutcome({
    exitCode: 2,
    stdout: text,
    stderr,
    ...(fields.truncated === true && { stdoutTruncated: true }),
  });
  const toolName = spec.matchField === "tool_name" ? "Bash" : null;
  return interpretOutcome(outcome, { hook, spec, profile, toolName });
}

const fields = (verdict: HandlerVerdict) => ({
  status: verdict.status,
  decision: verdict.decision,
  reason: verdict.reason,
  continue: verdict.continue,
  additionalContext: verdict.additionalContext,
  updatedInput: verdict.updatedInput ?? null,
});

const block = { decision: "block", reason: "from json" };
const pre = (specific: Record<string, unknown>) => ({
  hookSpecificOutput: { hookEventName: "PreToolUse", ...specific },
});

describe("interpretOutcome: exit 2 with empty stderr", () => {
  it.each([
    ["PreToolUse", "deny"],
    ["PermissionRequest", "deny"],
    ["UserPromptSubmit", "block"],
    ["UserPromptExpansion", "block"],
    ["PostToolUse", "block"],
    ["PostToolBatch", "block"],
    ["Stop", "block"],
    ["SubagentStop", "block"],
    ["PreCompact", "block"],
    ["TaskCompleted", "block"],
    ["ConfigChange", "block"],
  ])("claude %s: %s with Claude Code's text", (event, decision) => {
    const verdict = interpret(claudeProfile, event, "", "");
    expect(fields(verdict)).toMatchObject({
      status: "blocked",
      decision,
      reason: "No stderr output",
    });
  });

  it("claude: whitespace-only stderr is empty; a model or agent handler keeps the engine's text", () => {
    expect(interpret(claudeProfile, "Stop", "", " \n").reason).toBe("No stderr output");
    const call = interpret(claudeProfile, "Stop", "", "", { action: true });
    expect(call.reason).toMatch(/\(exit code 2\)$/);
  });

  it.each([deepagentsProfile, zerocodeProfile, vscodeProfile])(
    "$name keeps naming the handler and the exit code",
    (profile) => {
      const verdict = interpret(profile, "PreToolUse", "", "");
      expect(verdict.reason).toMatch(/^Blocked by .*\(exit code 2\)$/);
    },
  );
});

describe("interpretOutcome: exit 2 with JSON on stdout", () => {
  it.each([
    ["Stop block", "Stop", block, { decision: "block", reason: "from json" }],
    ["SubagentStop block", "SubagentStop", block, { decision: "block", reason: "from json" }],
    [
      "UserPromptSubmit block",
      "UserPromptSubmit",
      block,
      { decision: "block", reason: "from json" },
    ],
    ["PostToolUse block", "PostToolUse", block, { decision: "block", reason: "from json" }],
    [
      "PreToolUse deny",
      "PreToolUse",
      pre({ permissionDecision: "deny", permissionDecisionReason: "from json" }),
      { decision: "deny", reason: "from json" },
    ],
    ["PreToolUse legacy block", "PreToolUse", block, { decision: "deny", reason: "from json" }],
    [
      "PreToolUse allow with a rewrite: exit 2 denies (the session rules drop the rewrite)",
      "PreToolUse",
      pre({ permissionDecision: "allow", updatedInput: { command: "ls" } }),
      { decision: "deny", reason: "from stderr" },
    ],
    [
      "PermissionRequest deny: exit 2's reason",
      "PermissionRequest",
      {
        hookSpecificOutput: {
          hookEventName: "PermissionRequest",
          decision: { behavior: "deny", message: "from json" },
        },
      },
      { decision: "deny", reason: "from stderr" },
    ],
    [
      "UserPromptSubmit continue: false: both",
      "UserPromptSubmit",
      { continue: false, stopReason: "halt" },
      { decision: "block", reason: "from stderr", continue: false },
    ],
    [
      "UserPromptSubmit context: kept beside the block",
      "UserPromptSubmit",
      { hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: "ctx" } },
      { decision: "block", reason: "from stderr", additionalContext: "ctx" },
    ],
    [
      "UserPromptSubmit plain text: not context",
      "UserPromptSubmit",
      "plain words",
      { decision: "block", reason: "from stderr", additionalContext: null },
    ],
    [
      "Stop output that does not parse",
      "Stop",
      "{oops",
      { decision: "block", reason: "from stderr" },
    ],
    [
      "PostToolUseFailure block: feedback with the JSON's reason only",
      "PostToolUseFailure",
      block,
      { decision: null, additionalContext: "from json" },
    ],
    [
      "an invalid rewrite: the run's output is dropped, exit 2 blocks",
      "PreToolUse",
      pre({ permissionDecision: "allow", updatedInput: "ls" }),
      { decision: "deny", reason: "from stderr" },
    ],
  ])("claude %s", (_name, event, stdout, expected) => {
    const verdict = interpret(claudeProfile, event, stdout, "from stderr");
    expect(fields(verdict)).toMatchObject({ status: "blocked", ...expected });
  });

  it("claude: a cut stdout is not read", () => {
    const verdict = interpret(claudeProfile, "Stop", block, "from stderr", { truncated: true });
    expect(fields(verdict)).toMatchObject({ decision: "block", reason: "from stderr" });
  });

  it.each([deepagentsProfile, zerocodeProfile, vscodeProfile])(
    "$name ignores the JSON: stderr is the reason",
    (profile) => {
      const verdict = interpret(profile, "Stop", block, "from stderr");
      expect(verdict.reason).toBe("from stderr");
      expect(verdict.additionalContext).toBeNull();
    },
  );
});
